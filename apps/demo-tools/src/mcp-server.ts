import { McpServer } from "@modelcontextprotocol/server";
import type { NotesTable } from "./sql/notes-table";
import { registerExecuteSql } from "./tools/execute-sql";
import { registerGetWeather } from "./tools/get-weather";
import { registerWriteFile } from "./tools/write-file";

/** What the tools share across requests: the sandbox folder and the notes table. */
export interface DemoToolsState {
  sandboxDir: string;
  table: NotesTable;
}

/**
 * Builds one MCP server with the three demo tools. The HTTP layer is stateless and builds a
 * server per request; the durable state lives in `state`, not in the server object.
 */
export function buildDemoMcpServer(state: DemoToolsState): McpServer {
  const server = new McpServer({ name: "inquiry-hub-demo-tools", version: "0.1.0" });
  registerGetWeather(server);
  registerWriteFile(server, state.sandboxDir);
  registerExecuteSql(server, state.table);
  return server;
}
