import type { RiskLevel } from "@inquiry-hub/protocol";

/*
 * The words a tool's name or description is read by. Tables, not code: a verb that deserves
 * a level is one line here, and the classifier's tests name each table.
 */

/** Verbs that destroy or take away: what a wrong call cannot take back. */
const DESTRUCTIVE_VERBS = [
  "delete",
  "remove",
  "rm",
  "rmdir",
  "unlink",
  "drop",
  "destroy",
  "kill",
  "revoke",
  "purge",
  "erase",
  "wipe",
  "truncate",
  "terminate",
  "uninstall",
  "shred",
];

/** Verbs that move money. */
const MONEY_VERBS = [
  "pay",
  "payment",
  "transfer",
  "charge",
  "refund",
  "purchase",
  "buy",
  "payout",
  "withdraw",
  "checkout",
];

/** Verbs that change something or reach someone. */
const WRITING_VERBS = [
  "write",
  "create",
  "update",
  "send",
  "post",
  "put",
  "patch",
  "set",
  "insert",
  "edit",
  "modify",
  "move",
  "rename",
  "upload",
  "publish",
  "deploy",
  "run",
  "exec",
  "execute",
  "commit",
  "push",
  "merge",
  "save",
  "append",
  "add",
  "replace",
  "install",
  "reply",
  "invite",
  "share",
];

/** Verbs that only look. */
const READING_VERBS = [
  "read",
  "get",
  "list",
  "search",
  "show",
  "find",
  "fetch",
  "describe",
  "view",
  "count",
  "lookup",
  "inspect",
  "status",
  "ls",
  "cat",
];

/** What a verb of each kind means for a call, and how a reason names it. */
export type VerbKind = "destructive" | "money" | "writing" | "reading";

const VERB_KINDS: ReadonlyMap<string, VerbKind> = new Map([
  ...READING_VERBS.map((verb) => [verb, "reading"] as const),
  ...WRITING_VERBS.map((verb) => [verb, "writing"] as const),
  ...MONEY_VERBS.map((verb) => [verb, "money"] as const),
  ...DESTRUCTIVE_VERBS.map((verb) => [verb, "destructive"] as const),
]);

/** The level each kind of verb gives a call. */
export const VERB_LEVELS: Readonly<Record<VerbKind, RiskLevel>> = {
  destructive: "high",
  money: "high",
  writing: "medium",
  reading: "low",
};

/** The start of a reason for each kind of verb. */
export const VERB_REASONS: Readonly<Record<VerbKind, string>> = {
  destructive: "Deletes or destroys",
  money: "Moves money",
  writing: "Writes or sends",
  reading: "Only reads",
};

/**
 * The lower-case words of a name or a sentence: `deleteRepository`, `delete_repository`,
 * `repo.delete` and "Delete the repository" all hold "delete".
 */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** The kind of `word` as a verb (plural and third-person forms too), if it is one. */
export function verbKindOf(word: string): VerbKind | undefined {
  const direct = VERB_KINDS.get(word);
  if (direct !== undefined) return direct;
  if (word.endsWith("es")) {
    const stem = VERB_KINDS.get(word.slice(0, -2)) ?? VERB_KINDS.get(word.slice(0, -1));
    if (stem !== undefined) return stem;
  }
  return word.endsWith("s") ? VERB_KINDS.get(word.slice(0, -1)) : undefined;
}
