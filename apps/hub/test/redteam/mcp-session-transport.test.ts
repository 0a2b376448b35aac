import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAW_INITIALIZE_REQUEST, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

/**
 * Abuse of a 2025-era MCP session's own transport (NodeHttpTransport, behind `/mcp`): an
 * agent credential may use only the session it opened, cannot replay another session's
 * stream with Last-Event-ID, and what is not JSON-RPC or exceeds a batch is refused with a 400.
 */
let hub: TestHub;
let alice: TestLogin;
let mallory: TestLogin;

const SSE_AND_JSON = "application/json, text/event-stream";

function mcp(
  token: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown },
) {
  return fetch(new URL("/mcp", hub.url), {
    method: init.method ?? "POST",
    headers: {
      authorization: `Bearer ${token}`,
      accept: SSE_AND_JSON,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** Opens a 2025-11-25 session (whose streams start with a priming event id). */
async function openSession(token: string): Promise<{ sessionId: string; primingId: string }> {
  const initialize = {
    ...RAW_INITIALIZE_REQUEST,
    params: { ...RAW_INITIALIZE_REQUEST.params, protocolVersion: "2025-11-25" },
  };
  const response = await mcp(token, { body: initialize });
  const sessionId = response.headers.get("mcp-session-id");
  const primingId = /^id: (.+)$/m.exec(await response.text())?.[1];
  if (sessionId === null || primingId === undefined) throw new Error("no session or event id");
  return { sessionId, primingId };
}

beforeAll(async () => {
  hub = await startTestHub();
  alice = await hub.registerUser("alice");
  mallory = await hub.registerUser("mallory");
});
afterAll(() => hub.close());

describe("red team: a 2025-era MCP session's transport", () => {
  it("refuses another credential's session id (404) and a second initialize (400)", async () => {
    const { sessionId } = await openSession(alice.token);
    const list = { jsonrpc: "2.0", id: 2, method: "tools/list" };
    const stolen = await mcp(mallory.token, {
      headers: { "mcp-session-id": sessionId },
      body: list,
    });
    expect(stolen.status).toBe(404);
    const again = await mcp(alice.token, {
      headers: { "mcp-session-id": sessionId },
      body: RAW_INITIALIZE_REQUEST,
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Server already initialized");
  });

  it("never replays another session's events through Last-Event-ID", async () => {
    const victim = await openSession(alice.token);
    const own = await openSession(mallory.token);
    const replay = await mcp(mallory.token, {
      method: "GET",
      headers: {
        accept: "text/event-stream",
        "mcp-session-id": own.sessionId,
        "last-event-id": victim.primingId,
      },
    });
    expect(replay.status).toBe(500);
    expect(await replay.text()).not.toContain(victim.sessionId);
  });

  it("refuses a body that is not JSON-RPC and a batch over 100 messages, naming the problem", async () => {
    const { sessionId } = await openSession(alice.token);
    const headers = { "mcp-session-id": sessionId };
    const junk = await mcp(alice.token, { headers, body: { method: 42 } });
    expect(junk.status).toBe(400);
    expect(await junk.text()).toContain("JSON-RPC");
    const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" });
    const batch = Array.from({ length: 101 }, (_, index) => ping(index));
    const flood = await mcp(alice.token, { headers, body: batch });
    expect(flood.status).toBe(400);
    expect(await flood.text()).toContain("Batch must not exceed 100 messages");
  });
});
