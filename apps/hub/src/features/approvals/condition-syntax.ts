import { z } from "zod";
import { expandSqlKinds, SQL_ANY_WRITE, SQL_STATEMENT_KINDS } from "./sql-kinds";
import type { Condition } from "./proxy-policy";

/*
 * The one reading of an argument condition as people write it (the proxy config's `when` and
 * `allow`, and a person's standing rules, which are exported and imported in that same
 * syntax) into the `Condition` that policy-conditions.ts evaluates.
 */

const argPath = z
  .string()
  .regex(/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/, "expected an argument name like path or a.b");

const RawConditionSchema = z
  .strictObject({
    /** The argument to test; dots reach into nested objects (`options.force`). */
    arg: argPath,
    gt: z.number().optional(),
    gte: z.number().optional(),
    lt: z.number().optional(),
    lte: z.number().optional(),
    /** Glob(s) on a relative path: `*` and `?` stay within a folder, `**` crosses folders. */
    glob: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
    /**
     * Statement kinds (sql-kinds.ts), e.g. ["delete", "drop"], or "write" for every writing
     * kind: `when` gates any of them, `allow` passes one statement of listed kinds with no
     * comment.
     */
    sql: z
      .array(z.enum([...SQL_STATEMENT_KINDS, SQL_ANY_WRITE]))
      .min(1)
      .optional(),
  })
  .superRefine((raw, context) => {
    const numeric = [raw.gt, raw.gte, raw.lt, raw.lte].some((bound) => bound !== undefined);
    const kinds = [numeric, raw.glob !== undefined, raw.sql !== undefined].filter(Boolean).length;
    if (kinds !== 1) {
      context.addIssue({
        code: "custom",
        message: "a condition needs exactly one of: gt/gte/lt/lte, glob, sql",
      });
    }
  });

/**
 * A written condition, checked (SQL kinds against sql-kinds.ts) and read into a `Condition`:
 * a glob string becomes a one-pattern list, `write` expands to every writing kind.
 *
 * @example ConditionSyntaxSchema.parse({ arg: "path", glob: "notes/**" })
 * // → { kind: "glob", arg: "path", patterns: ["notes/**"] }
 */
export const ConditionSyntaxSchema = RawConditionSchema.transform((raw): Condition => {
  if (raw.glob !== undefined) return { kind: "glob", arg: raw.arg, patterns: [raw.glob].flat() };
  if (raw.sql !== undefined)
    return { kind: "sql", arg: raw.arg, statements: expandSqlKinds(raw.sql) };
  const { arg, gt, gte, lt, lte } = raw;
  return { kind: "compare", arg, gt, gte, lt, lte };
});
