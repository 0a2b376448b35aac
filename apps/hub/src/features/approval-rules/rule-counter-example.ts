import type { RuleCondition } from "@inquiry-hub/protocol";
import { readArgument } from "../approvals/approval-text";
import { conditionsPermit } from "./rule-matching";

/** Statements tried, in order, as the query a SQL condition refuses. */
const REFUSED_QUERIES = [
  "DELETE FROM example",
  "DROP TABLE example",
  "UPDATE example SET done = 1",
  "SELECT 1",
];

/** A copy of `args` with the (possibly nested, `a.b`) argument `name` set to `value`. */
function withArgument(
  args: Record<string, unknown>,
  name: string,
  value: unknown,
): Record<string, unknown> {
  const [head = "", ...rest] = name.split(".");
  if (rest.length === 0) return { ...args, [head]: value };
  const inner = readArgument(args, head);
  const nested =
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? (inner as Record<string, unknown>)
      : {};
  return { ...args, [head]: withArgument(nested, rest.join("."), value) };
}

/** Values tried for the condition's argument, each meant to fall outside it. */
function outsideValues(condition: RuleCondition, current: unknown): unknown[] {
  if (condition.glob !== undefined) {
    const name = typeof current === "string" ? (current.split("/").pop() ?? "") : "";
    return [`elsewhere/${name || "example.txt"}`, "outside.txt", "elsewhere/deeper/example.txt"];
  }
  if (condition.sql !== undefined) return REFUSED_QUERIES;
  const { gt, gte, lt, lte } = condition;
  return [
    lte === undefined ? [] : [lte + 1],
    lt ?? [],
    gte === undefined ? [] : [gte - 1],
    gt ?? [],
  ].flat();
}

/**
 * One call of the same tool that the conditions refuse: the approval's own arguments with one
 * argument moved outside its condition (a path in another folder, a DELETE for a select-only
 * query, a number past the bound). Each candidate is checked with the matcher that gates real
 * calls before it is returned; null when none is refused (no conditions: every call passes).
 */
export function counterExample(
  conditions: readonly RuleCondition[],
  args: Record<string, unknown>,
): Record<string, unknown> | null {
  for (const condition of conditions) {
    for (const value of outsideValues(condition, readArgument(args, condition.arg))) {
      const candidate = withArgument(args, condition.arg, value);
      if (!conditionsPermit(conditions, candidate)) return candidate;
    }
  }
  return null;
}
