import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import initSqlJs from "sql.js";
import type { Database } from "sql.js";
import { z } from "zod";
import { serveMcpOnLoopback } from "./loopback-mcp-server";

/**
 * A real MCP server (official SDK) whose `execute_sql` runs whatever it is given on a real
 * SQLite database (sql.js, SQLite compiled to WebAssembly), all statements of it, as a careless
 * third-party database tool would: what reaches it is what a person's data suffers.
 */
export interface SqliteUpstream {
  url: URL;
  /** The database's {@link snapshotOf}. */
  snapshot(): string;
  /** The ids in `notes`, in order. */
  noteIds(): number[];
  close(): Promise<void>;
}

function rowsOf(database: Database, query: string): unknown[][] {
  return database.exec(query).flatMap((result) => result.values);
}

/** SQLite's WebAssembly module, compiled once per test file. */
const sqlite = initSqlJs();

/** A fresh in-memory SQLite database whose `notes` table holds rows 1, 2 and 3. */
export async function openNotesDatabase(): Promise<Database> {
  const SQL = await sqlite;
  const database = new SQL.Database();
  database.run(
    "CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL);" +
      "INSERT INTO notes (id, title) VALUES (1, 'one'), (2, 'two'), (3, 'three');",
  );
  return database;
}

/**
 * Everything an attack could change, read straight from the database: the schema, the attached
 * databases, `user_version` and the notes rows. Equal snapshots = nothing happened.
 */
export function snapshotOf(database: Database): string {
  return JSON.stringify({
    schema: rowsOf(database, "SELECT type, name, sql FROM sqlite_schema ORDER BY name"),
    databases: rowsOf(database, "PRAGMA database_list").map((row) => row[1]),
    userVersion: rowsOf(database, "PRAGMA user_version"),
    notes: rowsOf(database, "SELECT * FROM notes ORDER BY id"),
  });
}

function createSqlServer(database: Database): McpServer {
  const server = new McpServer({ name: "sqlite-notes", version: "1.0.0" });
  server.registerTool(
    "execute_sql",
    {
      description: "Runs SQL on the notes database.",
      inputSchema: z.object({ query: z.string() }),
    },
    ({ query }) => {
      try {
        const results = database.exec(query);
        return { content: [{ type: "text", text: JSON.stringify(results) }] };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { content: [{ type: "text", text: `SQLite error: ${message}` }], isError: true };
      }
    },
  );
  return server;
}

/** Starts the upstream on 127.0.0.1:<free port> with `notes` holding rows 1, 2 and 3. */
export async function startSqliteUpstream(): Promise<SqliteUpstream> {
  const database = await openNotesDatabase();
  const served = await serveMcpOnLoopback(createMcpHandler(() => createSqlServer(database)));
  return {
    url: served.url,
    snapshot: () => snapshotOf(database),
    noteIds: () =>
      rowsOf(database, "SELECT id FROM notes ORDER BY id").map((row) => Number(row[0])),
    async close() {
      await served.close();
      database.close();
    },
  };
}
