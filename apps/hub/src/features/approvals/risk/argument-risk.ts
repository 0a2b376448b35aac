import type { RiskLevel } from "@inquiry-hub/protocol";
import { normalizeRelativePath } from "../policy-conditions";
import { judgeSql } from "../sql-statement-kinds";
import { SQL_STATEMENT_KINDS } from "../sql-kinds";
import type { SqlStatementKind } from "../sql-kinds";
import { wordsOf } from "./risk-words";

/** One thing the classifier saw in a call, with the level it gives and how a reason says it. */
export interface RiskSignal {
  level: RiskLevel;
  reason: string;
}

/** One leaf of a call's arguments: its own key's words and its dotted path. */
interface ArgumentLeaf {
  words: string[];
  path: string;
  value: unknown;
}

/** Leaves read at most, and how deep: a label must not cost more than the call it labels. */
const MAX_LEAVES = 200;
const MAX_DEPTH = 6;

/** Characters of an argument a reason quotes. */
const QUOTE_LENGTH = 60;

/** Argument text as a reason quotes it: one line, no invisible characters, clipped. */
export function quote(text: string): string {
  const line = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, " ").trim();
  return line.length <= QUOTE_LENGTH ? line : `${line.slice(0, QUOTE_LENGTH - 1)}…`;
}

/**
 * The call's leaves, depth first (an array's items carry the array's key), and whether some
 * were left unread, too many or too deep.
 */
function leavesOf(args: Record<string, unknown>): { leaves: ArgumentLeaf[]; unread: boolean } {
  const leaves: ArgumentLeaf[] = [];
  let unread = false;
  const visit = (value: unknown, key: string, path: string, depth: number): void => {
    if (leaves.length >= MAX_LEAVES || depth > MAX_DEPTH) {
      unread = true;
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key, path, depth + 1);
    } else if (value !== null && typeof value === "object") {
      for (const [child, inner] of Object.entries(value))
        visit(inner, child, path === "" ? child : `${path}.${child}`, depth + 1);
    } else leaves.push({ words: wordsOf(key), path, value });
  };
  visit(args, "", "", 0);
  return { leaves, unread };
}

/** Whether any word of the leaf's key is one of `names` (`sql_query`, `force_delete`). */
const has = (leaf: ArgumentLeaf, names: ReadonlySet<string>): boolean =>
  leaf.words.some((word) => names.has(word));

/** Whether the key's last word is one of `names`: `file_path` is a path, `source_code` not. */
const endsWith = (leaf: ArgumentLeaf, names: ReadonlySet<string>): boolean =>
  names.has(leaf.words.at(-1) ?? "");

/** Keys whose value is SQL whatever it starts with. */
const SQL_KEYS = new Set(["sql", "statement", "stmt"]);
/** Keys whose value is SQL when it starts like a statement (a search box's `query` is not). */
const MAYBE_SQL_KEYS = new Set(["query", "q"]);
const SQL_START = new RegExp(
  `^\\s*\\(?\\s*(${[...SQL_STATEMENT_KINDS, "with", "explain"].join("|")})\\b`,
  "i",
);

/** What each destructive statement kind does, as a reason says it. */
const DESTRUCTIVE_SQL: Partial<Record<SqlStatementKind, string>> = {
  delete: "Deletes rows",
  drop: "Drops tables or other objects",
  truncate: "Empties tables",
  alter: "Changes the schema",
  rename: "Renames tables",
  grant: "Changes access rights",
  revoke: "Changes access rights",
  detach: "Detaches a database",
};

function sqlSignal(query: string): RiskSignal {
  const reading = judgeSql(query);
  if (!reading.judged)
    return {
      level: "high",
      reason: `SQL the hub cannot read (${reading.reason}): ${quote(query)}`,
    };
  const kinds = reading.statements.flat();
  const destructive = kinds.find((kind) => DESTRUCTIVE_SQL[kind] !== undefined);
  if (destructive !== undefined)
    return { level: "high", reason: `${DESTRUCTIVE_SQL[destructive]}: ${quote(query)}` };
  if (kinds.every((kind) => kind === "select" || kind === "show" || kind === "describe"))
    return { level: "low", reason: `Only reads data: ${quote(query)}` };
  return { level: "medium", reason: `Writes data: ${quote(query)}` };
}

/** Keys naming a place on disk. */
const PATH_KEYS = new Set([
  "path",
  "paths",
  "file",
  "files",
  "filename",
  "filepath",
  "dir",
  "directory",
  "folder",
  "target",
  "destination",
  "dest",
  "source",
  "src",
  "cwd",
  "root",
]);

/** Whether a path leaves the sandbox: absolute, a home folder, or a `..` escape. */
function outsideSandbox(value: string): boolean {
  return value.startsWith("~") || normalizeRelativePath(value) === undefined;
}

/** Keys whose numeric value is an amount of money. */
const AMOUNT_KEYS = new Set(["amount", "price", "total", "cost", "fee", "salary", "cents"]);
/** Keys that only a payment carries, whatever their value. */
const PAYMENT_KEYS = new Set(["currency", "iban", "bic", "swift", "card"]);

const isNumeric = (value: unknown): boolean =>
  (typeof value === "number" && Number.isFinite(value)) ||
  (typeof value === "string" && /^\s*-?\d+([.,]\d+)?\s*$/.test(value));

/** Flags that make a call reach further than it says: one level up. */
const RAISING_FLAGS = new Set(["force", "recursive", "overwrite", "cascade"]);

/** What the call's arguments show, strongest first within each kind. */
export interface ArgumentRisk {
  /** A judged SQL argument, which says more about the call than its tool's verb. */
  sql?: RiskSignal | undefined;
  /** Paths outside the sandbox, amounts of money. */
  others: RiskSignal[];
  /** The raising flags set to true, by their path. */
  flags: string[];
}

/**
 * Reads a call's arguments for what raises its risk: SQL (judged like the `sql` policy
 * condition, so unreadable SQL counts as destructive), paths leaving the sandbox, money and
 * flags such as `force: true`. `writes` picks the words of a path's reason.
 */
export function readArgumentRisk(args: Record<string, unknown>, writes: boolean): ArgumentRisk {
  const risk: ArgumentRisk = { others: [], flags: [] };
  const { leaves, unread } = leavesOf(args);
  // Padding must not hide what lies past the limit: arguments the hub did not read count as high.
  if (unread) risk.others.push({ level: "high", reason: "Arguments too many or too deep to read" });
  let sqlLevel = -1;
  for (const leaf of leaves) {
    const { value } = leaf;
    if (typeof value === "string") {
      const isSql = has(leaf, SQL_KEYS) || (has(leaf, MAYBE_SQL_KEYS) && SQL_START.test(value));
      if (isSql) {
        const signal = sqlSignal(value);
        const level = ["low", "medium", "high"].indexOf(signal.level);
        if (level > sqlLevel) [risk.sql, sqlLevel] = [signal, level];
      }
      if (endsWith(leaf, PATH_KEYS) && value !== "" && outsideSandbox(value)) {
        const verb = writes ? "Writes outside the sandbox" : "Reads outside the sandbox";
        risk.others.push({ level: "high", reason: `${verb}: ${quote(value)}` });
      }
      if (has(leaf, PAYMENT_KEYS) && value.trim() !== "")
        risk.others.push({ level: "high", reason: `Moves money: ${leaf.path} ${quote(value)}` });
    }
    if (endsWith(leaf, AMOUNT_KEYS) && isNumeric(value))
      risk.others.push({ level: "high", reason: `Moves money: ${leaf.path} ${String(value)}` });
    if (has(leaf, RAISING_FLAGS) && (value === true || value === "true"))
      risk.flags.push(leaf.path);
  }
  return risk;
}
