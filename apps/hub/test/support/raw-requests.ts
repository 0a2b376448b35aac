import { RAW_INITIALIZE_REQUEST } from "../helpers";

/**
 * Requests written by hand, for tests that must control every header or read a status the
 * typed clients would turn into an exception.
 */

/** Headers of a hand-written MCP Streamable HTTP POST, in the session `sessionId` if given. */
export function mcpHeaders(token: string, sessionId?: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    accept: "application/json, text/event-stream",
    "content-type": "application/json",
    ...(sessionId === undefined ? {} : { "mcp-session-id": sessionId }),
  };
}

/** A JSON request to `url` as the holder of `token`: the status, and the JSON body unchecked. */
export async function jsonRequest(
  url: URL,
  token: string,
  method = "GET",
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json();
  return { status: response.status, body: json };
}

/**
 * Initializes a 2025-11-25 session on `mcpUrl` by hand as the holder of `token`; returns its
 * Mcp-Session-Id ("" when the hub sent none, which the caller's next request then shows).
 */
export async function initializeRawSession(mcpUrl: URL, token: string): Promise<string> {
  const init = await fetch(mcpUrl, {
    method: "POST",
    headers: mcpHeaders(token),
    body: JSON.stringify(RAW_INITIALIZE_REQUEST),
  });
  const sessionId = init.headers.get("mcp-session-id") ?? "";
  await init.body?.cancel();
  return sessionId;
}
