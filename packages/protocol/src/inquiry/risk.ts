import { z } from "zod";

/** How much harm a gated call could do if it went wrong, lowest first. */
export const RiskLevelSchema = z.enum(["low", "medium", "high"]);
export type RiskLevel = z.infer<typeof RiskLevelSchema>;

/** Every level, lowest first, for comparisons and legends. */
export const RISK_LEVELS = RiskLevelSchema.options;

/** Longest reason a risk label carries, in characters: one line on a card or a notification. */
export const MAX_RISK_REASON_LENGTH = 160;

/**
 * The hub's risk label of a gated call: a level and one line saying why, from the hub's own
 * rules (writes vs reads, destructive SQL, paths outside the sandbox, money, deletion) or from
 * a configured model. A label only informs and routes: it never lets a call pass.
 *
 * @example { level: "high", reason: "Deletes rows (DELETE without WHERE)", source: "rules" }
 */
export const RiskAssessmentSchema = z.object({
  level: RiskLevelSchema,
  reason: z.string().min(1).max(MAX_RISK_REASON_LENGTH),
  /** Who labelled it: the hub's rules, or the configured model (never lower than the rules). */
  source: z.enum(["rules", "model"]),
});
export type RiskAssessment = z.infer<typeof RiskAssessmentSchema>;

/** Whether `level` is at least `floor`. */
export function riskAtLeast(level: RiskLevel, floor: RiskLevel): boolean {
  return RISK_LEVELS.indexOf(level) >= RISK_LEVELS.indexOf(floor);
}
