import type { Translate } from "@/lib/i18n/translate";

/**
 * One argument in the edit form. A string is edited as the text it is (what the person types
 * is what the tool gets); any other value (number, object, list, true/false, null) as JSON,
 * since only JSON says which of them it is.
 */
export interface ArgumentDraft {
  name: string;
  original: unknown;
  asJson: boolean;
  text: string;
}

/** What the edit form holds, read: the arguments Approve sends, or what stops it. */
export interface ReadDrafts {
  /** Every argument as it would be sent (the originals where a field does not parse). */
  args: Record<string, unknown>;
  /** Names of the arguments whose value differs from the agent's. */
  changed: ReadonlySet<string>;
  /** A field's parse error by argument name; Approve is held while any is left. */
  errors: ReadonlyMap<string, string>;
}

/** The form's starting fields: the agent's arguments, in their order. */
export function draftsOf(args: Record<string, unknown>): ArgumentDraft[] {
  return Object.entries(args).map(([name, original]) =>
    typeof original === "string"
      ? { name, original, asJson: false, text: original }
      : { name, original, asJson: true, text: JSON.stringify(original, null, 2) },
  );
}

/** Whether two argument values are the same JSON. */
function sameValue(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * Reads the edit form: each JSON field parsed (a field that does not parse keeps its error,
 * named in the page's language, and its original value), every value compared with the
 * agent's. Only the shape is checked here; the hub judges the content against the tool's
 * inputSchema and its reason is shown if it refuses.
 *
 * @example readDrafts([{ name: "n", original: 1, asJson: true, text: "2" }], t)
 * // { args: { n: 2 }, changed: Set { "n" }, errors: Map {} }
 */
export function readDrafts(drafts: readonly ArgumentDraft[], t: Translate): ReadDrafts {
  const args: Record<string, unknown> = {};
  const changed = new Set<string>();
  const errors = new Map<string, string>();
  for (const draft of drafts) {
    let value: unknown = draft.text;
    if (draft.asJson) {
      try {
        value = JSON.parse(draft.text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        errors.set(draft.name, t("approval.invalidValue", { reason }));
        value = draft.original;
      }
    }
    args[draft.name] = value;
    if (!sameValue(value, draft.original)) changed.add(draft.name);
  }
  return { args, changed, errors };
}

/** One argument as table text: strings as they are, anything else as indented JSON. */
export function formatArgumentValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}
