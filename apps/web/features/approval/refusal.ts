import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** A hub refusal of an edit, read: the argument it names (if one of the card's) and what to show. */
export interface Refusal {
  argument: string | undefined;
  text: string;
}

const TYPE_WORDS: Record<string, MessageKey> = {
  string: "approval.typeText",
  number: "approval.typeNumber",
  integer: "approval.typeInteger",
  boolean: "approval.typeBoolean",
  object: "approval.typeObject",
  array: "approval.typeList",
};

/**
 * The words for one validator complaint ("must NOT have fewer than 1 characters", "must be
 * string", …) in the page's language; undefined for a complaint not known here, which is
 * then shown as the hub wrote it.
 */
function friendlyComplaint(complaint: string, t: Translate): string | undefined {
  const count = (pattern: RegExp) => Number(pattern.exec(complaint)?.[1]);
  if (/^must NOT have fewer than \d+ characters?$/.test(complaint)) {
    const min = count(/(\d+)/);
    return min <= 1 ? t("approval.cannotBeEmpty") : t("approval.tooShort", { count: min });
  }
  if (/^must NOT have more than \d+ characters?$/.test(complaint))
    return t("approval.tooLong", { count: count(/(\d+)/) });
  const type = /^must be (\w+)$/.exec(complaint)?.[1];
  const word = type === undefined ? undefined : TYPE_WORDS[type];
  if (word !== undefined) return t("approval.mustBe", { type: t(word) });
  if (/^must be >=? -?[\d.]+$/.test(complaint))
    return t("approval.atLeast", { limit: count(/(-?[\d.]+)$/) });
  if (/^must be <=? -?[\d.]+$/.test(complaint))
    return t("approval.atMost", { limit: count(/(-?[\d.]+)$/) });
  if (complaint === "must be equal to one of the allowed values") return t("approval.notAllowed");
  if (/^must match (pattern|format) /.test(complaint)) return t("approval.badFormat");
  return undefined;
}

/**
 * Reads the hub's refusal of an edited approval. The hub checks the edit against the tool's
 * inputSchema and says what failed the way its validator does (`args: arguments/path must
 * NOT have fewer than 1 characters`): when that names one of `names`, the card shows the
 * complaint under that argument's field, in plain words where they are known here. Anything
 * else stays as the hub wrote it.
 *
 * @example readRefusal("args: arguments/path must NOT have fewer than 1 characters", ["path"], t)
 * // { argument: "path", text: "This can't be empty." }
 */
export function readRefusal(message: string, names: readonly string[], t: Translate): Refusal {
  const match = /arguments\/([^\s/:]+) (.+)$/.exec(message);
  const argument = match?.[1];
  const complaint = match?.[2];
  if (argument === undefined || complaint === undefined || !names.includes(argument))
    return { argument: undefined, text: message };
  return { argument, text: friendlyComplaint(complaint.trim(), t) ?? message };
}
