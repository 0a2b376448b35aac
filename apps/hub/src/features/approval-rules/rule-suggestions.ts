import path from "node:path";
import type { RuleCondition } from "@inquiry-hub/protocol";
import { MAX_RULE_CONDITIONS } from "@inquiry-hub/protocol";
import { normalizeRelativePath } from "../approvals/policy-conditions";
import { judgeSql } from "../approvals/sql-statement-kinds";
import { conditionsPermit } from "./rule-matching";

/** Argument names a condition can hold (the protocol's syntax); others get no suggestion. */
const ARGUMENT_NAME = /^[A-Za-z0-9_$-]+$/;
/** A glob's own wildcards: a path holding one cannot be matched exactly by writing it. */
const GLOB_CHARACTERS = /[*?]/;
/** Most suggestions offered for one call, so a card's list stays short. */
const MAX_SUGGESTIONS = 3 * MAX_RULE_CONDITIONS;

/** A relative file path worth a glob: one folder deep at least, or a name with an extension. */
function pathLike(value: string): string | undefined {
  if (/\s/.test(value) || GLOB_CHARACTERS.test(value)) return undefined;
  const relative = normalizeRelativePath(value);
  if (relative === undefined || relative === ".") return undefined;
  return relative.includes("/") || /\.[A-Za-z0-9]+$/.test(relative) ? relative : undefined;
}

/** The conditions one argument's value suggests, narrowest last. */
function suggestionsFor(arg: string, value: unknown): RuleCondition[] {
  if (typeof value === "number" && Number.isFinite(value)) return [{ arg, lte: value }];
  if (typeof value !== "string") return [];
  const reading = judgeSql(value);
  if (reading.judged && reading.statements.length === 1) {
    return [{ arg, sql: [...new Set(reading.statements.flat())] }];
  }
  const file = pathLike(value);
  if (file === undefined) return [];
  const folder = path.posix.dirname(file);
  return [
    ...(folder === "." || GLOB_CHARACTERS.test(folder) ? [] : [{ arg, glob: [`${folder}/**`] }]),
    { arg, glob: [file] },
  ];
}

/**
 * Conditions offered from a call's own arguments: a path's folder (`notes/**`) and the exact
 * file, a query's statement kinds (only for one statement: a rule passes one statement), a
 * number's value as a ceiling. Each is kept only when the matcher that gates real calls says
 * it permits this very call, so picking any of them never makes a rule refuse its own call.
 *
 * @example suggestConditions({ path: "notes/today.md" })
 * // → [{ arg: "path", glob: ["notes/**"] }, { arg: "path", glob: ["notes/today.md"] }]
 */
export function suggestConditions(args: Record<string, unknown>): RuleCondition[] {
  return Object.entries(args)
    .filter(([arg]) => ARGUMENT_NAME.test(arg))
    .flatMap(([arg, value]) => suggestionsFor(arg, value))
    .filter((condition) => conditionsPermit([condition], args))
    .slice(0, MAX_SUGGESTIONS);
}
