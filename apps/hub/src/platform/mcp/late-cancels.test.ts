import { InMemoryTransport } from "@modelcontextprotocol/server";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { createSessionCancels } from "./late-cancels";

const cancelOf = (requestId: string | number): JSONRPCMessage => ({
  jsonrpc: "2.0",
  method: "notifications/cancelled",
  params: { requestId, reason: "MCP error -32001: Request timed out" },
});

describe("createSessionCancels", () => {
  it("hears the cancels of its request only, and passes every message on unchanged", () => {
    const [transport] = InMemoryTransport.createLinkedPair();
    const passed: JSONRPCMessage[] = [];
    transport.onmessage = (message) => passed.push(message);
    const cancels = createSessionCancels();
    cancels.observe(transport);
    const receive = (message: JSONRPCMessage): void => transport.onmessage?.(message);
    const heard: string[] = [];
    const stop = cancels.onCancel(7, () => heard.push("7"));
    cancels.onCancel("7", () => heard.push("'7'"));

    const ping: JSONRPCMessage = { jsonrpc: "2.0", id: 7, method: "ping" };
    for (const message of [cancelOf(7), ping, cancelOf(8)]) receive(message);
    expect(heard).toEqual(["7"]);
    expect(passed).toEqual([cancelOf(7), ping, cancelOf(8)]);

    stop();
    receive(cancelOf(7));
    receive(cancelOf("7"));
    expect(heard, "unsubscribed; a string id is another request").toEqual(["7", "'7'"]);
  });

  it("refuses a transport no server is connected to yet", () => {
    const [transport] = InMemoryTransport.createLinkedPair();
    expect(() => createSessionCancels().observe(transport)).toThrow(/after connecting/);
  });
});
