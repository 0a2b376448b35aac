import type { ApprovalRule, RuleCondition } from "@inquiry-hub/protocol";
import type { Locale } from "@/lib/i18n/locale";
import type { Translate } from "@/lib/i18n/translate";

/** A glob that names a folder and everything under it: `notes/**` → `notes/`. */
const FOLDER_GLOB = /^(.*\/)\*\*$/;

/** One path glob in words: "path under notes/", "path is notes/todo.md", "path matches *.md". */
function describeGlob(arg: string, glob: string, t: Translate): string {
  const folder = FOLDER_GLOB.exec(glob)?.[1];
  if (folder !== undefined && !/[*?[]/.test(folder)) return t("rules.condUnder", { arg, folder });
  if (!/[*?[{]/.test(glob)) return t("rules.condIs", { arg, value: glob });
  return t("rules.condMatches", { arg, pattern: glob });
}

/**
 * A condition as a person reads it, in the page's language: "path under notes/", "query is a
 * SELECT", "amount at most 20". Several globs or statement kinds are alternatives ("or");
 * several bounds all apply ("and").
 */
export function describeCondition(condition: RuleCondition, t: Translate): string {
  const { arg } = condition;
  const or = t("rules.or");
  if (condition.glob !== undefined)
    return condition.glob.map((glob) => describeGlob(arg, glob, t)).join(or);
  if (condition.sql !== undefined)
    return t("rules.condSql", {
      arg,
      kinds: condition.sql.map((kind) => kind.toUpperCase()).join(or),
    });
  const bounds = [
    condition.gt === undefined ? undefined : t("rules.condGt", { arg, value: condition.gt }),
    condition.gte === undefined ? undefined : t("rules.condGte", { arg, value: condition.gte }),
    condition.lt === undefined ? undefined : t("rules.condLt", { arg, value: condition.lt }),
    condition.lte === undefined ? undefined : t("rules.condLte", { arg, value: condition.lte }),
  ].filter((bound) => bound !== undefined);
  return bounds.join(t("rules.and"));
}

/** Every condition of a rule in words, or "any arguments" when it has none. */
export function describeConditions(conditions: readonly RuleCondition[], t: Translate): string {
  if (conditions.length === 0) return t("rules.anyArguments");
  return conditions.map((condition) => describeCondition(condition, t)).join(t("rules.and"));
}

/** Until when a rule stands: "until 29 Nov, 14:05" or "until you revoke it". */
export function describeExpiry(rule: ApprovalRule, t: Translate, locale: Locale): string {
  if (rule.expiresAt === null) return t("rules.untilRevoked");
  return t("rules.until", { when: formatWhen(rule.expiresAt, locale) });
}

/** How much a rule was used: "Allowed 3 calls, last 29 Nov, 14:05", or "Not used yet". */
export function describeUse(rule: ApprovalRule, t: Translate, locale: Locale): string {
  if (rule.allowedCount === 0 || rule.lastAllowedAt === null) return t("rules.notUsed");
  const when = formatWhen(rule.lastAllowedAt, locale);
  return rule.allowedCount === 1
    ? t("rules.usedOne", { when })
    : t("rules.used", { count: rule.allowedCount, when });
}

/** A moment as a short date and time in the page's language. */
function formatWhen(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}
