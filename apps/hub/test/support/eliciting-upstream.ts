import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";

/** The form `book_table` asks for: the example of the issue. */
export const BOOKING_SCHEMA = {
  type: "object",
  properties: {
    date: { type: "string", title: "Which date?" },
    people: { type: "integer", title: "How many people?", minimum: 1 },
    terrace: { type: "boolean", title: "On the terrace?" },
  },
  required: ["date", "people"],
} satisfies ElicitRequestFormParams["requestedSchema"];

export const BOOKING_MESSAGE = "Book a table at Luigi's: when, and for how many?";

/** A real MCP server that elicits, as any third-party server would. */
export interface ElicitingUpstream {
  url: URL;
  /** Every elicitation result `book_table` received, in order. */
  results: ElicitResult[];
  close(): Promise<void>;
}

function createBookingServer(results: ElicitResult[]): McpServer {
  const server = new McpServer({ name: "bookings", version: "1.0.0" });
  server.registerTool(
    "book_table",
    { description: "Books a table, asking the person for the details." },
    async (extra) => {
      const result = await server.server.elicitInput(
        { message: BOOKING_MESSAGE, requestedSchema: BOOKING_SCHEMA },
        { relatedRequestId: extra.requestId },
      );
      results.push(result);
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    },
  );
  return server;
}

/**
 * Starts the upstream on 127.0.0.1:<free port> with stateful Streamable HTTP sessions (an
 * elicitation needs the client's initialize: only it says the client can answer one).
 */
export async function startElicitingUpstream(): Promise<ElicitingUpstream> {
  const results: ElicitResult[] = [];
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const httpServer = createServer((req, res) => {
    const sessionId = req.headers["mcp-session-id"];
    const known = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (known !== undefined) {
      void known.handleRequest(req, res);
      return;
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    void createBookingServer(results)
      .connect(transport)
      .then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    results,
    async close() {
      await Promise.allSettled([...sessions.values()].map((transport) => transport.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
