/** A statement of the supported SQL subset, ready to run against the notes table. */
export type SqlStatement =
  | { kind: "select"; id?: number }
  | { kind: "insert"; title: string }
  | {
      kind: "delete";
      where: { column: "id"; id: number } | { column: "created_at"; before: string };
    };

/** Raised for anything outside the subset; the message names what is unsupported. */
export class UnsupportedSqlError extends Error {
  override readonly name = "UnsupportedSqlError";
}

/** The subset, as shown to the model in the tool description and in every error. */
export const SUPPORTED_SQL = [
  "SELECT * FROM notes [WHERE id = <n>]",
  "INSERT INTO notes (title) VALUES ('<text>')",
  "DELETE FROM notes WHERE id = <n>",
  "DELETE FROM notes WHERE created_at < '<YYYY-MM-DD>'",
] as const;

const SUPPORTED_HINT = `Supported: ${SUPPORTED_SQL.join("; ")}.`;

function unsupported(what: string): UnsupportedSqlError {
  return new UnsupportedSqlError(`Unsupported SQL: ${what}. ${SUPPORTED_HINT}`);
}

function requireNotesTable(table: string): void {
  if (table.toLowerCase() !== "notes")
    throw unsupported(`unknown table "${table}" (only "notes" exists)`);
}

function parseIdCondition(condition: string): number | undefined {
  const match = /^id\s*=\s*(\d+)$/i.exec(condition);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

function parseSelect(rest: string): SqlStatement {
  const match = /^(.+?)\s+from\s+(\w+)(?:\s+where\s+(.+))?$/i.exec(rest);
  if (!match?.[1] || !match[2]) throw unsupported("malformed SELECT");
  if (match[1].trim() !== "*")
    throw unsupported(`column list "${match[1].trim()}" (only SELECT *)`);
  requireNotesTable(match[2]);
  if (match[3] === undefined) return { kind: "select" };
  const id = parseIdCondition(match[3].trim());
  if (id === undefined)
    throw unsupported(`WHERE clause "${match[3].trim()}" in SELECT (only WHERE id = <n>)`);
  return { kind: "select", id };
}

function parseInsert(rest: string): SqlStatement {
  const match = /^into\s+(\w+)\s*\(\s*(\w+)\s*\)\s*values\s*\(\s*'((?:[^']|'')*)'\s*\)$/i.exec(
    rest,
  );
  if (!match?.[1] || !match[2] || match[3] === undefined) throw unsupported("malformed INSERT");
  requireNotesTable(match[1]);
  if (match[2].toLowerCase() !== "title")
    throw unsupported(`INSERT into column "${match[2]}" (only title)`);
  return { kind: "insert", title: match[3].replaceAll("''", "'") };
}

function parseDelete(rest: string): SqlStatement {
  const match = /^from\s+(\w+)(?:\s+where\s+(.+))?$/i.exec(rest);
  if (!match?.[1]) throw unsupported("malformed DELETE");
  requireNotesTable(match[1]);
  if (match[2] === undefined) throw unsupported("DELETE without WHERE");
  const condition = match[2].trim();
  const id = parseIdCondition(condition);
  if (id !== undefined) return { kind: "delete", where: { column: "id", id } };
  const before = /^created_at\s*<\s*'(\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?)'$/i.exec(condition)?.[1];
  if (before === undefined || Number.isNaN(Date.parse(before))) {
    throw unsupported(`WHERE clause "${condition}" in DELETE`);
  }
  return { kind: "delete", where: { column: "created_at", before } };
}

/**
 * Parses one statement of the tiny documented subset. No real SQL engine: the point of
 * `execute_sql` is to be a plausible risky tool for the approval proxy, with errors clear
 * enough that a model can fix its query.
 */
export function parseSql(query: string): SqlStatement {
  const statement = query.trim().replace(/;\s*$/, "").trim();
  if (statement.replace(/'(?:[^']|'')*'/g, "''").includes(";")) {
    throw unsupported("several statements in one query");
  }
  const match = /^(\w+)\s*(.*)$/s.exec(statement);
  const keyword = match?.[1]?.toUpperCase();
  const rest = match?.[2] ?? "";
  switch (keyword) {
    case "SELECT":
      return parseSelect(rest);
    case "INSERT":
      return parseInsert(rest);
    case "DELETE":
      return parseDelete(rest);
    case undefined:
      throw unsupported("empty query");
    default:
      throw unsupported(`statement "${keyword}"`);
  }
}
