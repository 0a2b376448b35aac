/**
 * The statement kinds a `sql` policy condition may name: the vocabulary of the proxy's
 * configuration and of the reader in `sql-statement-kinds.ts`.
 */

/** Kinds that only read (as far as the statement itself goes: functions it calls may write). */
export const SQL_READING_KINDS = ["select", "show", "describe"] as const;

/** Kinds that write data, change the schema, rights, session or server, or run stored code. */
export const SQL_WRITING_KINDS = [
  "insert",
  "update",
  "delete",
  "replace",
  "upsert",
  "merge",
  "truncate",
  "drop",
  "create",
  "alter",
  "rename",
  "comment",
  "attach",
  "detach",
  "pragma",
  "vacuum",
  "reindex",
  "analyze",
  "optimize",
  "refresh",
  "cluster",
  "grant",
  "revoke",
  "copy",
  "load",
  "call",
  "execute",
  "prepare",
  "do",
  "set",
  "reset",
  "lock",
  "unlock",
  "transaction",
] as const;

/** Every kind a `sql` condition may name. */
export const SQL_STATEMENT_KINDS = [...SQL_READING_KINDS, ...SQL_WRITING_KINDS] as const;

export type SqlStatementKind = (typeof SQL_STATEMENT_KINDS)[number];

/**
 * A config name standing for every writing kind, so a `when` list stays complete when a kind is
 * added here (listing kinds by hand is how TRUNCATE and ALTER once slipped past the example).
 */
export const SQL_ANY_WRITE = "write";

/** Config names (kinds and `write`) as the kinds they stand for, without duplicates. */
export function expandSqlKinds(
  names: readonly (SqlStatementKind | typeof SQL_ANY_WRITE)[],
): SqlStatementKind[] {
  const kinds = names.flatMap((name) => (name === SQL_ANY_WRITE ? SQL_WRITING_KINDS : [name]));
  return [...new Set(kinds)];
}
