import path from "node:path";
import { readArgument } from "./approval-text";
import { judgeSql } from "./sql-statement-kinds";
import type { Condition } from "./proxy-policy";

/**
 * Conditions on tool arguments, evaluated fail-closed: a value the proxy cannot judge (a
 * missing argument, a path escaping upwards, SQL with a comment or that the dialects read
 * differently, see `sql-statement-kinds.ts`) always triggers a `when` and never satisfies an
 * `allow`. Pure functions; no I/O.
 */

/** A relative, normalized POSIX path, or undefined for absolute paths and `..` escapes. */
export function normalizeRelativePath(value: string): string | undefined {
  if (value.includes("\0")) return undefined;
  const slashed = value.replaceAll("\\", "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) return undefined;
  const normalized = path.posix.normalize(slashed).replace(/^\.\//, "");
  if (normalized === ".." || normalized.startsWith("../")) return undefined;
  return normalized;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+^${}()|[\]\\]/g, "\\$&");
}

/** `**` crosses folders (and `**\/` may match nothing), `*` and `?` stay within one. */
export function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob.charAt(index);
    if (character === "*" && glob.charAt(index + 1) === "*") {
      const slashAfter = glob.charAt(index + 2) === "/";
      source += slashAfter ? "(?:.*/)?" : ".*";
      index += slashAfter ? 2 : 1;
    } else if (character === "*") source += "[^/]*";
    else if (character === "?") source += "[^/]";
    else source += escapeRegExp(character);
  }
  return new RegExp(`^${source}$`);
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

type Verdict = "match" | "no-match" | "unknown";

function evaluate(condition: Condition, args: Record<string, unknown>, every: boolean): Verdict {
  const value = readArgument(args, condition.arg);
  switch (condition.kind) {
    case "compare": {
      const number = numberOf(value);
      if (number === undefined) return "unknown";
      const { gt, gte, lt, lte } = condition;
      const inside =
        (gt === undefined || number > gt) &&
        (gte === undefined || number >= gte) &&
        (lt === undefined || number < lt) &&
        (lte === undefined || number <= lte);
      return inside ? "match" : "no-match";
    }
    case "glob": {
      const relative = typeof value === "string" ? normalizeRelativePath(value) : undefined;
      if (relative === undefined) return "unknown";
      const hit = condition.patterns.some((pattern) => globToRegExp(pattern).test(relative));
      return hit ? "match" : "no-match";
    }
    case "sql": {
      const reading = typeof value === "string" ? judgeSql(value) : undefined;
      if (reading?.judged !== true) return "unknown";
      const listed = (kind: string): boolean => condition.statements.includes(kind);
      const [only, ...more] = reading.statements;
      const matches = every
        ? only !== undefined && more.length === 0 && only.every(listed)
        : reading.statements.flat().some(listed);
      return matches ? "match" : "no-match";
    }
  }
}

/** For `when`: true when any statement/value matches, or when it cannot be judged. */
export function conditionTriggers(condition: Condition, args: Record<string, unknown>): boolean {
  return evaluate(condition, args, false) !== "no-match";
}

/**
 * For `allow`: true only when the value surely matches (SQL: exactly one statement, every kind
 * of it listed, no comment).
 */
export function conditionPermits(condition: Condition, args: Record<string, unknown>): boolean {
  return evaluate(condition, args, true) === "match";
}
