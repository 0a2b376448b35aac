import type { IncomingMessage, ServerResponse } from "node:http";

/** A Streamable HTTP request the transport refuses: its HTTP status and JSON-RPC error. */
export interface Refusal {
  status: number;
  code: number;
  message: string;
}

const refuse = (status: number, code: number, message: string): Refusal => ({
  status,
  code,
  message,
});

/** The refusals the MCP Streamable HTTP spec names, with the SDK transport's codes and words. */
export const REFUSALS = {
  sessionNotFound: refuse(404, -32001, "Session not found"),
  notInitialized: refuse(400, -32000, "Bad Request: Server not initialized"),
  sessionHeaderMissing: refuse(400, -32000, "Bad Request: Mcp-Session-Id header is required"),
  alreadyInitialized: refuse(400, -32600, "Invalid Request: Server already initialized"),
  oneInitialize: refuse(400, -32600, "Invalid Request: Only one initialization request is allowed"),
  notJsonRpc: refuse(400, -32700, "Parse error: Invalid JSON-RPC message"),
  batchTooLarge: refuse(400, -32600, "Invalid Request: Batch must not exceed 100 messages"),
  postAccept: refuse(
    406,
    -32000,
    "Not Acceptable: Client must accept both application/json and text/event-stream",
  ),
  getAccept: refuse(406, -32000, "Not Acceptable: Client must accept text/event-stream"),
  contentType: refuse(415, -32000, "Unsupported Media Type: Content-Type must be application/json"),
  secondGetStream: refuse(409, -32000, "Conflict: Only one SSE stream is allowed per session"),
  streamConnected: refuse(409, -32000, "Conflict: Stream already has an active connection"),
  replayFailed: refuse(500, -32000, "Error replaying events"),
  method: refuse(405, -32000, "Method not allowed."),
} as const;

/** Writes `refusal` as a JSON-RPC error body with a null id. */
export function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    error: { code: refusal.code, message: refusal.message },
    id: null,
  });
  res.writeHead(refusal.status, {
    "content-type": "application/json",
    ...(refusal.status === 405 ? { allow: "GET, POST, DELETE" } : {}),
  });
  res.end(body);
}

/** A request header as one string (Node joins repeated ones; the spec sends each once). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Refuses a request of an initialized session whose `mcp-session-id` is not this session's,
 * or whose `mcp-protocol-version` the server does not speak.
 */
export function checkSessionHeaders(
  req: IncomingMessage,
  session: { id: string | undefined; supportedVersions: readonly string[] },
): Refusal | undefined {
  if (session.id === undefined) return REFUSALS.notInitialized;
  const sessionId = header(req, "mcp-session-id");
  if (sessionId === undefined) return REFUSALS.sessionHeaderMissing;
  if (sessionId !== session.id) return REFUSALS.sessionNotFound;
  const version = header(req, "mcp-protocol-version");
  if (version !== undefined && !session.supportedVersions.includes(version))
    return refuse(
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${session.supportedVersions.join(", ")})`,
    );
  return undefined;
}

/** True when the Content-Type's media type is application/json (parameters ignored). */
export function isJsonContentType(req: IncomingMessage): boolean {
  const type = header(req, "content-type");
  return type?.split(";")[0]?.trim().toLowerCase() === "application/json";
}
