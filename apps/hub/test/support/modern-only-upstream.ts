import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  inputResponse,
  ProtocolError,
  Server,
} from "@modelcontextprotocol/server";
import type {
  CallToolRequest,
  CallToolResult,
  ServerContext,
  Tool,
} from "@modelcontextprotocol/server";
import { BOOKING_MESSAGE, BOOKING_SCHEMA } from "./eliciting-upstream";
import { serveMcpOnLoopback } from "./loopback-mcp-server";

/** The bearer token the upstream demands: the proxy must send its configured headers. */
export const MODERN_UPSTREAM_TOKEN = "modern-upstream-secret";

/** The JSON-RPC error `explode` answers with: a code no layer of the hub would invent. */
export const EXPLODE_ERROR = { code: -32050, message: "the reactor is offline" };

export const GREETING_URI = "note://greeting";
export const GREETING_TEXT = "Hello from a 2026-07-28-only server.";
export const COUNT_STEPS = 3;

/** A real MCP server that serves only the 2026-07-28 revision (no `initialize`, no sessions). */
export interface ModernOnlyUpstream {
  url: URL;
  /** The `MCP-Protocol-Version` header of every request the upstream accepted, in order. */
  protocolVersions: string[];
  /** The elicitation answer each completed `book_table` received, in order. */
  bookings: unknown[];
  close(): Promise<void>;
}

const TOOLS: Tool[] = [
  {
    name: "echo",
    description: "Echoes its text, also as structured content.",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    outputSchema: { type: "object", properties: { echoed: { type: "string" } } },
  },
  {
    name: "count",
    description: "Counts to three, reporting progress.",
    inputSchema: { type: "object" },
  },
  {
    name: "book_table",
    description: "Books a table, asking for the details.",
    inputSchema: { type: "object" },
  },
  {
    name: "explode",
    description: "Always fails with a JSON-RPC error.",
    inputSchema: { type: "object" },
  },
];

async function count(ctx: ServerContext): Promise<CallToolResult> {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  for (let step = 1; step <= COUNT_STEPS && progressToken !== undefined; step += 1)
    await ctx.mcpReq.notify({
      method: "notifications/progress",
      params: { progressToken, progress: step, total: COUNT_STEPS, message: `step ${step}` },
    });
  return { content: [{ type: "text", text: `counted to ${COUNT_STEPS}` }] };
}

/**
 * Asks for the booking form through `input_required` until the retry carries an answer; an
 * accepted form books, a declined or cancelled one is reported as such.
 */
function bookTable(ctx: ServerContext, bookings: unknown[]) {
  const answer = inputResponse(ctx.mcpReq.inputResponses, "booking");
  if (answer.kind !== "elicit")
    return inputRequired({
      inputRequests: {
        booking: inputRequired.elicit({
          message: BOOKING_MESSAGE,
          requestedSchema: BOOKING_SCHEMA,
        }),
      },
    });
  const content = acceptedContent(ctx.mcpReq.inputResponses, "booking");
  bookings.push({ action: answer.action, ...(content === undefined ? {} : { content }) });
  return {
    content: [{ type: "text" as const, text: JSON.stringify({ action: answer.action, content }) }],
  };
}

function callTool(request: CallToolRequest, ctx: ServerContext, bookings: unknown[]) {
  switch (request.params.name) {
    case "echo": {
      const text = String(request.params.arguments?.text);
      return { content: [{ type: "text" as const, text }], structuredContent: { echoed: text } };
    }
    case "count":
      return count(ctx);
    case "book_table":
      return bookTable(ctx, bookings);
    default:
      throw new ProtocolError(EXPLODE_ERROR.code, EXPLODE_ERROR.message);
  }
}

function buildServer(bookings: unknown[]): Server {
  const server = new Server(
    { name: "modern-only", version: "2.0.0" },
    { capabilities: { tools: {}, resources: {}, prompts: {} } },
  );
  server.setRequestHandler("tools/list", () => ({ tools: TOOLS }));
  server.setRequestHandler("tools/call", (request, ctx) => callTool(request, ctx, bookings));
  server.setRequestHandler("resources/list", () => ({
    resources: [{ uri: GREETING_URI, name: "greeting", mimeType: "text/plain" }],
  }));
  server.setRequestHandler("resources/read", () => ({
    contents: [{ uri: GREETING_URI, mimeType: "text/plain", text: GREETING_TEXT }],
  }));
  server.setRequestHandler("prompts/list", () => ({
    prompts: [{ name: "greet", arguments: [{ name: "name", required: true }] }],
  }));
  server.setRequestHandler("prompts/get", (request) => ({
    messages: [
      {
        role: "user" as const,
        content: { type: "text" as const, text: `Greet ${request.params.arguments?.name}.` },
      },
    ],
  }));
  return server;
}

/**
 * Starts the upstream on 127.0.0.1:<free port>: createMcpHandler with `legacy: "reject"`, so a
 * client that does not negotiate 2026-07-28 cannot use it at all, behind a bearer-token check.
 */
export async function startModernOnlyUpstream(): Promise<ModernOnlyUpstream> {
  const protocolVersions: string[] = [];
  const bookings: unknown[] = [];
  const mcp = createMcpHandler(() => buildServer(bookings), { legacy: "reject" });
  const served = await serveMcpOnLoopback(mcp, (req, res) => {
    if (req.headers.authorization !== `Bearer ${MODERN_UPSTREAM_TOKEN}`) {
      res.writeHead(401).end();
      return false;
    }
    const version = req.headers["mcp-protocol-version"];
    if (typeof version === "string") protocolVersions.push(version);
    return true;
  });
  return { ...served, protocolVersions, bookings };
}
