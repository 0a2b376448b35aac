import { PROTOCOL_VERSION_META_KEY, classifyInboundRequest } from "@modelcontextprotocol/server";
import type { InboundHttpRequest } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { isSessionMessage } from "./session-message";

const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "send_inquiry" } };
const BODIES: unknown[] = [
  call,
  { ...call, params: { name: "send_inquiry", _meta: { progressToken: 1 } } },
  { ...call, params: { name: "x", _meta: { [PROTOCOL_VERSION_META_KEY]: "2026-07-28" } } },
  { ...call, params: { name: "x", _meta: { [PROTOCOL_VERSION_META_KEY]: 5 } } },
  { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25" } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
  { jsonrpc: "2.0", id: 3, result: {} },
  { jsonrpc: "2.0", id: 4, error: { code: 1, message: "no" } },
  { jsonrpc: "2.0", id: null, method: "tools/call" },
  { hello: "world" },
  [call],
  "text",
  undefined,
];
const VERSIONS = [undefined, "2025-11-25", "2025-03-26", " 2025-11-25", "2026-07-28", "1999-01-01"];
const SESSION_IDS = [undefined, "3f0c7a52-8a4e-4a55-9d5e-0c8a39b1f0aa"];

function posted(sessionId: string | undefined, version: string | undefined, body: unknown) {
  const headers: Record<string, string | undefined> = {
    "mcp-session-id": sessionId,
    "mcp-protocol-version": version,
  };
  return { header: (name: string) => headers[name], body };
}

function classifiedLegacy(version: string | undefined, body: unknown): boolean {
  const inbound: InboundHttpRequest = { httpMethod: "POST", body };
  if (version !== undefined) inbound.protocolVersionHeader = version;
  return classifyInboundRequest(inbound).kind === "legacy";
}

describe("a 2025-era session's message, told without the classifier", () => {
  it("is only ever a POST the SDK's classifier calls legacy", () => {
    let told = 0;
    for (const sessionId of SESSION_IDS)
      for (const version of VERSIONS)
        for (const body of BODIES) {
          if (!isSessionMessage(posted(sessionId, version, body))) continue;
          told += 1;
          expect(classifiedLegacy(version, body), JSON.stringify({ version, body })).toBe(true);
        }
    expect(told).toBeGreaterThan(0);
  });

  it("covers a session's calls and leaves initialize, batches and the 2026-07-28 envelope to the classifier", () => {
    const id = SESSION_IDS[1];
    expect(isSessionMessage(posted(id, undefined, call))).toBe(true);
    expect(isSessionMessage(posted(id, "2025-11-25", call))).toBe(true);
    expect(isSessionMessage(posted(undefined, "2025-11-25", call))).toBe(false);
    expect(isSessionMessage(posted(id, "2026-07-28", call))).toBe(false);
    expect(isSessionMessage(posted(id, "2025-11-25", BODIES[2]))).toBe(false);
    expect(isSessionMessage(posted(id, "2025-11-25", [call]))).toBe(false);
    expect(isSessionMessage(posted(id, "2025-11-25", { hello: "world" }))).toBe(false);
  });
});
