import type { RuleCondition, RuleDuration } from "@inquiry-hub/protocol";
import { MAX_RULE_NAME_LENGTH } from "@inquiry-hub/protocol";

const DURATION_MS: Record<Exclude<RuleDuration, "forever">, number> = {
  "1h": 60 * 60 * 1000,
  "1d": 24 * 60 * 60 * 1000,
  "7d": 7 * 24 * 60 * 60 * 1000,
};

/** When a rule made at `now` (epoch ms) for `duration` stops applying; null until revoked. */
export function expiryOf(duration: RuleDuration, now: number): string | null {
  return duration === "forever" ? null : new Date(now + DURATION_MS[duration]).toISOString();
}

/** One condition as a short phrase: `path notes/**`, `query select`, `amount ≤ 20`. */
export function describeCondition(condition: RuleCondition): string {
  if (condition.glob !== undefined) return `${condition.arg} ${condition.glob.join(" | ")}`;
  if (condition.sql !== undefined) return `${condition.arg} ${condition.sql.join("/")}`;
  const bounds = [
    condition.gt === undefined ? [] : [`> ${String(condition.gt)}`],
    condition.gte === undefined ? [] : [`≥ ${String(condition.gte)}`],
    condition.lt === undefined ? [] : [`< ${String(condition.lt)}`],
    condition.lte === undefined ? [] : [`≤ ${String(condition.lte)}`],
  ].flat();
  return `${condition.arg} ${bounds.join(" ")}`;
}

/**
 * The name a rule gets when the person gives none: the tool and its conditions, cut to the
 * longest name a rule may have.
 *
 * @example defaultRuleName("write_file", [{ arg: "path", glob: ["notes/**"] }]) // "write_file · path notes/**"
 */
export function defaultRuleName(tool: string, conditions: readonly RuleCondition[]): string {
  const name = [tool, ...conditions.map(describeCondition)].join(" · ");
  return name.length <= MAX_RULE_NAME_LENGTH ? name : `${name.slice(0, MAX_RULE_NAME_LENGTH - 1)}…`;
}
