import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { NotesTable } from "../sql/notes-table";
import { SUPPORTED_SQL, UnsupportedSqlError, parseSql } from "../sql/parse-sql";
import { errorResult, textResult } from "./tool-result";

/**
 * Registers `execute_sql {query}` over the in-memory notes table. Unsupported statements
 * come back as `isError` results that name what is unsupported and list the subset.
 */
export function registerExecuteSql(server: McpServer, table: NotesTable): void {
  server.registerTool(
    "execute_sql",
    {
      description: `Run one SQL statement against the demo table notes(id, title, created_at). Supported: ${SUPPORTED_SQL.join("; ")}.`,
      inputSchema: z.object({ query: z.string().min(1).max(2_000).describe("One SQL statement") }),
    },
    ({ query }) => {
      try {
        const outcome = table.run(parseSql(query));
        return textResult(`${outcome.summary}.\n${JSON.stringify(outcome.rows, null, 2)}`);
      } catch (error) {
        if (error instanceof UnsupportedSqlError) return errorResult(error.message);
        throw error;
      }
    },
  );
}
