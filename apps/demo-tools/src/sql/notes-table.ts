import type { SqlStatement } from "./parse-sql";

/** One row of the demo `notes` table. */
export interface NoteRow {
  id: number;
  title: string;
  /** ISO date-time the row was created. */
  created_at: string;
}

/** The outcome of one statement: the rows it returned or changed. */
export interface SqlOutcome {
  rows: NoteRow[];
  summary: string;
}

const SEED_ROWS: readonly NoteRow[] = [
  { id: 1, title: "Buy oat milk", created_at: "2024-01-15T09:00:00.000Z" },
  { id: 2, title: "Call the plumber", created_at: "2024-06-02T14:30:00.000Z" },
  { id: 3, title: "Draft the Q3 report", created_at: "2025-03-20T08:15:00.000Z" },
];

/**
 * An in-memory `notes(id, title, created_at)` table that lives as long as the server, so a
 * DELETE approved in one request is visible to a SELECT in the next.
 */
export interface NotesTable {
  run(statement: SqlStatement): SqlOutcome;
}

/** Creates a table seeded with a few rows; `now` is injectable for tests. */
export function createNotesTable(now: () => Date = () => new Date()): NotesTable {
  let rows: NoteRow[] = SEED_ROWS.map((row) => ({ ...row }));
  let nextId = rows.length + 1;

  return {
    run(statement) {
      switch (statement.kind) {
        case "select": {
          const selected = rows.filter(
            (row) => statement.id === undefined || row.id === statement.id,
          );
          return {
            rows: selected.map((row) => ({ ...row })),
            summary: `${selected.length} row(s) selected`,
          };
        }
        case "insert": {
          const row: NoteRow = {
            id: nextId,
            title: statement.title,
            created_at: now().toISOString(),
          };
          nextId += 1;
          rows.push(row);
          return { rows: [{ ...row }], summary: "1 row inserted" };
        }
        case "delete": {
          const where = statement.where;
          const doomed = rows.filter((row) =>
            where.column === "id"
              ? row.id === where.id
              : Date.parse(row.created_at) < Date.parse(where.before),
          );
          rows = rows.filter((row) => !doomed.includes(row));
          return { rows: doomed, summary: `${doomed.length} row(s) deleted` };
        }
      }
    },
  };
}
