import {
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
} from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import {
  asInitializeRequest,
  isRequestMessage,
  isResponseMessage,
  readJsonRpcMessage,
} from "./jsonrpc-messages";

const BODIES: unknown[] = [
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "send_inquiry" } },
  { jsonrpc: "2.0", id: "a", method: "ping" },
  {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "c", version: "1" },
    },
  },
  { jsonrpc: "2.0", id: 2, method: "initialize", params: { protocolVersion: 7 } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
  { jsonrpc: "2.0", id: 3, result: { content: [] } },
  { jsonrpc: "2.0", id: 4, error: { code: -32600, message: "no" } },
  { jsonrpc: "2.0", error: { code: -32700, message: "parse" } },
  { jsonrpc: "2.0", id: null, method: "tools/call" },
  { jsonrpc: "2.0", id: 1.5, method: "tools/call" },
  { jsonrpc: "2.0", id: 5, method: "tools/call", result: {} },
  { jsonrpc: "1.0", id: 6, method: "ping" },
  { hello: "world" },
  [{ jsonrpc: "2.0", method: "notifications/initialized" }],
  "text",
  null,
];

describe("a checked JSON-RPC message's kind", () => {
  it("agrees with the SDK's guards on every message the SDK's schema accepts", () => {
    let accepted = 0;
    for (const body of BODIES) {
      const message = readJsonRpcMessage(body);
      if (message === undefined) continue;
      accepted += 1;
      expect(isRequestMessage(message), JSON.stringify(body)).toBe(isJSONRPCRequest(message));
      expect(isResponseMessage(message), JSON.stringify(body)).toBe(
        isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message),
      );
      expect(asInitializeRequest(message) !== undefined, JSON.stringify(body)).toBe(
        isInitializeRequest(message),
      );
    }
    expect(accepted).toBe(9);
  });

  it("refuses what is not one JSON-RPC message, and parses a body object once", () => {
    for (const body of [{ hello: "world" }, "text", null, undefined, 7])
      expect(readJsonRpcMessage(body)).toBeUndefined();
    const body = { jsonrpc: "2.0", id: 1, method: "ping" };
    const first = readJsonRpcMessage(body);
    expect(first).toEqual(body);
    expect(readJsonRpcMessage(body)).toBe(first);
    expect(readJsonRpcMessage({ ...body })).not.toBe(first);
  });
});
