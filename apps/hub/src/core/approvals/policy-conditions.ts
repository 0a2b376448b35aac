import path from "node:path";
import { readArgument } from "./approval-text";
import type { Condition } from "./proxy-policy";

/**
 * Conditions on tool arguments, evaluated fail-closed: a value the proxy cannot judge (a
 * missing argument, a path escaping upwards, SQL it cannot split) always triggers a `when`
 * and never satisfies an `allow`. Pure functions; no I/O.
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

function stripSqlComments(query: string): string {
  return query.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/--[^\n]*/g, " ");
}

/**
 * The lower-cased first keyword of each statement, or undefined when the query cannot be
 * judged: nothing in it, an unterminated quote, or a `WITH` prefix (a CTE may hide a DELETE).
 * Semicolons inside quotes do not split.
 */
export function sqlStatementKinds(query: string): string[] | undefined {
  const statements: string[] = [];
  let current = "";
  let quote: string | undefined;
  for (const character of stripSqlComments(query)) {
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      current += character;
    } else if (character === "'" || character === '"' || character === "`") {
      quote = character;
      current += character;
    } else if (character === ";") {
      statements.push(current);
      current = "";
    } else current += character;
  }
  if (quote !== undefined) return undefined;
  statements.push(current);
  const kinds = statements
    .map((statement) => statement.trim().replace(/^\(+/, ""))
    .filter((statement) => statement !== "")
    .map((statement) => /^[A-Za-z]+/.exec(statement)?.[0]?.toLowerCase() ?? "");
  if (kinds.length === 0 || kinds.some((kind) => kind === "" || kind === "with")) return undefined;
  return kinds;
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
      const kinds = typeof value === "string" ? sqlStatementKinds(value) : undefined;
      if (kinds === undefined) return "unknown";
      const listed = (kind: string): boolean => condition.statements.includes(kind);
      return (every ? kinds.every(listed) : kinds.some(listed)) ? "match" : "no-match";
    }
  }
}

/** For `when`: true when any statement/value matches, or when it cannot be judged. */
export function conditionTriggers(condition: Condition, args: Record<string, unknown>): boolean {
  return evaluate(condition, args, false) !== "no-match";
}

/** For `allow`: true only when the value surely matches (every SQL statement is listed). */
export function conditionPermits(condition: Condition, args: Record<string, unknown>): boolean {
  return evaluate(condition, args, true) === "match";
}
