import { afterEach, describe, expect, it } from "vitest";
import { ApiErrorBodySchema, ProgressNotificationSchema } from "@inquiry-hub/protocol";
import {
  RAW_INITIALIZE_REQUEST as INITIALIZE,
  callUntilOpened,
  resultText,
  startTestHub,
  waitFor,
} from "../helpers";
import type { TestHub } from "../helpers";
import { initializeRawSession, mcpHeaders } from "../support/raw-requests";

/** Yields the JSON messages of an SSE response body as they arrive. */
async function* sseMessages(response: Response): AsyncGenerator<unknown> {
  const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = response.body?.getReader();
  if (reader === undefined) return;
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf("\n\n");
    while (boundary !== -1) {
      const data = buffer
        .slice(0, boundary)
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trim())
        .join("\n");
      buffer = buffer.slice(boundary + 2);
      if (data.length > 0) yield JSON.parse(data) as unknown;
      boundary = buffer.indexOf("\n\n");
    }
  }
}

describe("MCP sessions", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  it("puts the inquiry under both meta and _meta on the wire", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser();
    const mcpUrl = new URL("/mcp", hub.url);
    const init = await fetch(mcpUrl, {
      method: "POST",
      headers: mcpHeaders(token),
      body: JSON.stringify(INITIALIZE),
    });
    expect(init.status).toBe(200);
    const sessionId = init.headers.get("mcp-session-id") ?? "";
    await init.body?.cancel();
    const initialized = await fetch(mcpUrl, {
      method: "POST",
      headers: mcpHeaders(token, sessionId),
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    expect(initialized.status).toBe(202);

    const call = await fetch(mcpUrl, {
      method: "POST",
      headers: mcpHeaders(token, sessionId),
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: {
          name: "send_inquiry",
          arguments: { prompt: "Zürich or 東京?" },
          _meta: { progressToken: "tok-1" },
        },
      }),
    });
    const messages = sseMessages(call);
    const first = ProgressNotificationSchema.parse((await messages.next()).value);
    expect(first.params).toMatchObject({ progressToken: "tok-1", progress: 0 });
    expect(first.params.meta).toEqual(first.params._meta);
    expect(first.params.meta).toMatchObject({ type: "INQUIRY", question: "Zürich or 東京?" });
    const inquiryId = String(first.params.meta?.inquiryId);

    const answer = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token,
      body: { response: "東京" },
    });
    expect(answer.status).toBe(200);
    const rest: unknown[] = [];
    for await (const message of messages) rest.push(message);
    const closing = rest
      .map((message) => ProgressNotificationSchema.safeParse(message))
      .filter((parsed) => parsed.success);
    expect(closing.at(-1)?.data.params.meta).toEqual({
      type: "INQUIRY_CLOSED",
      inquiryId,
      status: "answered",
    });
    expect(rest.at(-1)).toMatchObject({
      id: 2,
      result: { content: [{ type: "text", text: "東京" }] },
    });
  });

  it("answers through respond_inquiry as the caller's device; tool errors are results", async () => {
    hub = await startTestHub();
    const { token, username } = await hub.registerUser("asker", "Agent server");
    const other = await hub.login(username, "Desk tab");
    const asker = await hub.connectMcp(token);
    const responder = await hub.connectMcp(other.token);
    const { call, inquiryId } = await callUntilOpened(
      asker,
      { name: "send_inquiry", arguments: { prompt: "Colour?" } },
      "INQUIRY",
    );

    const responded = await responder.callTool({
      name: "respond_inquiry",
      arguments: { inquiry_id: inquiryId, response: "blue" },
    });
    expect(responded.isError).toBeFalsy();
    expect(resultText(await call)).toBe("blue");
    expect((await hub.hub.inquiries.get(other.userId, inquiryId)).resolution?.byDeviceId).toBe(
      other.deviceId,
    );

    const again = await responder.callTool({
      name: "respond_inquiry",
      arguments: { inquiry_id: inquiryId, response: "red" },
    });
    expect(again.isError).toBe(true);
    expect(resultText(again)).toBe(
      `CONFLICT: inquiry already answered on "Desk tab" (device ${other.deviceId})`,
    );

    const stranger = await hub.registerUser("stranger");
    const strangerClient = await hub.connectMcp(stranger.token);
    const notYours = await strangerClient.callTool({
      name: "respond_inquiry",
      arguments: { inquiry_id: inquiryId, response: "green" },
    });
    expect(notYours.isError).toBe(true);
    expect(resultText(notYours)).toMatch(/^NOT_FOUND: /);
  });

  it("binds a session to its device: another user's or device's token gets 404", async () => {
    hub = await startTestHub();
    const { token, username } = await hub.registerUser();
    const sibling = await hub.login(username);
    const other = await hub.registerUser("other");
    const mcpUrl = new URL("/mcp", hub.url);
    const sessionId = await initializeRawSession(mcpUrl, token);
    const hijack = await fetch(mcpUrl, {
      method: "POST",
      headers: mcpHeaders(other.token, sessionId),
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(hijack.status).toBe(404);
    const fromSibling = await fetch(mcpUrl, {
      method: "POST",
      headers: mcpHeaders(sibling.token, sessionId),
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    expect(fromSibling.status).toBe(404);
    const noToken = await fetch(mcpUrl, {
      method: "POST",
      headers: { ...mcpHeaders(token, sessionId), authorization: "" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    expect(noToken.status).toBe(401);
  });

  it("applies ?description= and validates ?timeout=", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser();
    const client = await hub.connectMcp(token, "?description=Ask%20the%20boss&timeout=30");
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === "send_inquiry")?.description).toBe("Ask the boss");
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "request_approval",
      "respond_inquiry",
      "send_inquiry",
    ]);

    for (const bad of ["0", "abc", "90000"]) {
      const response = await fetch(new URL(`/mcp?timeout=${bad}`, hub.url), {
        method: "POST",
        headers: mcpHeaders(token),
        body: JSON.stringify(INITIALIZE),
      });
      expect(response.status).toBe(400);
      expect(ApiErrorBodySchema.parse(await response.json()).error.message).toMatch(/^timeout: /);
    }
  });

  it("refuses browser origins that are not allowed, but accepts no Origin", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser();
    const evil = await fetch(new URL("/mcp", hub.url), {
      method: "POST",
      headers: { ...mcpHeaders(token), origin: "http://evil.example" },
      body: JSON.stringify(INITIALIZE),
    });
    expect(evil.status).toBe(403);
    const allowed = await fetch(new URL("/mcp", hub.url), {
      method: "POST",
      headers: { ...mcpHeaders(token), origin: "http://localhost:3000" },
      body: JSON.stringify(INITIALIZE),
    });
    expect(allowed.status).toBe(200);
    await allowed.body?.cancel();
  });

  it("closes idle sessions but never one with a call in flight", async () => {
    hub = await startTestHub({ mcpSessionIdleSeconds: 0.2 });
    const { token } = await hub.registerUser();
    const client = await hub.connectMcp(token);
    const { call, progress, inquiryId } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Long wait?" } },
      "INQUIRY",
    );
    const heartbeatsBefore = progress.progressValues.length;
    await waitFor(() =>
      Promise.resolve(progress.progressValues.length >= heartbeatsBefore + 5 ? true : undefined),
    );
    expect(
      (
        await hub.request(`/api/inquiries/${inquiryId}/answer`, {
          token,
          body: { response: "done" },
        })
      ).status,
    ).toBe(200);
    expect(resultText(await call)).toBe("done");

    const mcpUrl = new URL("/mcp", hub.url);
    const sessionId = await initializeRawSession(mcpUrl, token);
    await waitFor(async () => {
      const probe = await fetch(mcpUrl, {
        method: "DELETE",
        headers: mcpHeaders(token, sessionId),
      });
      await probe.body?.cancel();
      return probe.status === 404 ? true : undefined;
    });
  });
});
