import { ApiErrorBodySchema, HistoryPageSchema, InquirySchema } from "@inquiry-hub/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { callUntilOpened, RAW_INITIALIZE_REQUEST, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { DEFAULT_HUB_CONFIG } from "../../src/index";
import { startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { REDTEAM_SIZES } from "./scale";
import { mcpHeaders } from "../support/raw-requests";

const CAPS = { perCredential: 3, perUser: 5, total: 8 };
const ToolResultSchema = z.object({
  isError: z.boolean().optional(),
  content: z.array(z.object({ type: z.literal("text"), text: z.string() })).min(1),
});

/** A bare initialize, as an attacker's loop sends it: the response's status and session id. */
async function rawInitialize(
  url: URL,
  token: string,
): Promise<{ status: number; sessionId: string | null; body: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: mcpHeaders(token),
    body: JSON.stringify(RAW_INITIALIZE_REQUEST),
  });
  const sessionId = response.headers.get("mcp-session-id");
  const body = response.status === 200 ? "" : await response.text();
  if (response.status === 200) await response.body?.cancel();
  return { status: response.status, sessionId, body };
}

/** Asserts a refused initialize: 429 RATE_LIMITED naming the cap, and no session handed out. */
function expectCapRefusal(
  refusal: { status: number; sessionId: string | null; body: string },
  cap: RegExp,
): void {
  expect(refusal.status).toBe(429);
  expect(refusal.sessionId).toBeNull();
  const { error } = ApiErrorBodySchema.parse(JSON.parse(refusal.body));
  expect(error.code).toBe("RATE_LIMITED");
  expect(error.message).toMatch(cap);
}

/** An SDK client on `/mcp`, with its transport so the test can end the session by DELETE. */
async function openSession(
  hub: TestHub,
  token: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", hub.url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: "red-team", version: "1" });
  await client.connect(transport);
  return { client, transport };
}

describe("finding 5: unbounded memory", () => {
  let hub: TestHub | undefined;
  let harness: ProxyHarness | undefined;
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await hub?.close();
    await harness?.close();
    hub = harness = undefined;
  });

  it("finding 5: a credential opening MCP sessions in a loop past its cap is refused and the hub holds exactly the cap", async () => {
    hub = await startTestHub({ mcpSessionCaps: CAPS });
    const { token } = await hub.registerUser("looper");
    const mcpUrl = new URL("/mcp", hub.url);
    const admitted = [];
    for (let i = 0; i < CAPS.perCredential; i += 1) admitted.push(await openSession(hub, token));
    clients.push(...admitted.map(({ client }) => client));

    for (let i = 0; i < REDTEAM_SIZES.repeats * 4; i += 1)
      expectCapRefusal(
        await rawInitialize(mcpUrl, token),
        /at most 3 open sessions per credential/,
      );
    await expect(openSession(hub, token)).rejects.toThrow(/MCP session cap reached/);

    for (const { client } of admitted)
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("send_inquiry");
    await admitted[0]?.transport.terminateSession();
    const replacement = await rawInitialize(mcpUrl, token);
    expect(replacement.status).toBe(200);
    expectCapRefusal(await rawInitialize(mcpUrl, token), /per credential/);
  });

  it("finding 5: more credentials of one user, then more users, stop at the per-user and per-node caps", async () => {
    hub = await startTestHub({ mcpSessionCaps: CAPS });
    const mcpUrl = new URL("/mcp", hub.url);
    const owner = await hub.registerUser("many-devices");
    const opened: (string | null)[] = [];
    for (let device = 0; device < 3 && opened.length < CAPS.perUser; device += 1) {
      const { token } = await hub.login(owner.username, `Laptop ${device}`);
      for (let i = 0; i < CAPS.perCredential && opened.length < CAPS.perUser; i += 1)
        opened.push((await rawInitialize(mcpUrl, token)).sessionId);
    }
    expect(opened.every((id) => id !== null)).toBe(true);
    const fresh = await hub.login(owner.username, "Fresh tablet");
    expectCapRefusal(await rawInitialize(mcpUrl, fresh.token), /5 open sessions per user/);

    const other = await hub.registerUser("neighbour");
    for (let i = 0; i < CAPS.total - CAPS.perUser; i += 1)
      expect((await rawInitialize(mcpUrl, other.token)).status).toBe(200);
    const late = await hub.registerUser("late");
    for (let i = 0; i < REDTEAM_SIZES.repeats; i += 1)
      expectCapRefusal(await rawInitialize(mcpUrl, late.token), /8 open sessions on this hub node/);
  });

  it("finding 5: proxy sessions, each holding an upstream connection, are capped the same way", async () => {
    harness = await startProxyHarness(
      {},
      { proxySessionCaps: { perCredential: 2, perUser: 4, total: 3 } },
    );
    const proxyUrl = new URL("/proxy/demo/mcp", harness.hubUrl);
    const token = await harness.registerUser();
    const agents = [await harness.connectAgent(token), await harness.connectAgent(token)];
    for (let i = 0; i < REDTEAM_SIZES.repeats; i += 1)
      expectCapRefusal(
        await rawInitialize(proxyUrl, token),
        /proxy session cap reached.*2 .*per credential/,
      );
    const other = await harness.registerUser();
    expect((await rawInitialize(proxyUrl, other)).status).toBe(200);
    expectCapRefusal(await rawInitialize(proxyUrl, other), /3 open sessions on this hub node/);
    for (const agent of agents) expect((await agent.listTools()).tools.length).toBeGreaterThan(0);
  });

  it("finding 5: a user filling pending inquiries past the cap is refused by name and nothing more is stored", async () => {
    hub = await startTestHub({ pendingInquiriesPerUser: 3 });
    const { token } = await hub.registerUser("filler");
    const client = await hub.connectMcp(token);
    const calls = [];
    for (let i = 0; i < 3; i += 1)
      calls.push(
        await callUntilOpened(
          client,
          { name: "send_inquiry", arguments: { prompt: `Q${i}?` } },
          "INQUIRY",
        ),
      );
    for (let i = 0; i < REDTEAM_SIZES.repeats * 4; i += 1) {
      const refused = ToolResultSchema.parse(
        await client.callTool({ name: "send_inquiry", arguments: { prompt: `Flood ${i}?` } }),
      );
      expect(refused.isError).toBe(true);
      expect(refused.content[0]?.text).toMatch(
        /^RATE_LIMITED: pending inquiries cap reached: at most 3/,
      );
    }
    const pending = async (): Promise<unknown[]> =>
      z
        .array(InquirySchema)
        .parse(await (await hub?.request("/api/inquiries?status=pending", { token }))?.json());
    expect(await pending()).toHaveLength(3);

    const [first] = calls;
    if (first === undefined) throw new Error("no call opened");
    const answer = await hub.request(`/api/inquiries/${first.inquiryId}/answer`, {
      token,
      body: { response: "done" },
    });
    expect(answer.status).toBe(200);
    expect(resultText(await first.call)).toBe("done");
    const again = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Room again?" } },
      "INQUIRY",
    );
    expect(await pending()).toHaveLength(3);
    for (const opened of [...calls.slice(1), again]) {
      await hub.request(`/api/inquiries/${opened.inquiryId}/answer`, {
        token,
        body: { response: "later" },
      });
      expect(resultText(await opened.call)).toBe("later");
    }
  });

  it("finding 5: delegated (YOLO) answers past the per-minute cap are refused and not stored", async () => {
    hub = await startTestHub({
      rateLimits: { ...DEFAULT_HUB_CONFIG.rateLimits, delegatedPerMinute: 4 },
    });
    const { token } = await hub.registerUser("yolo-flood");
    const yolo = await hub.request("/api/settings", {
      method: "PUT",
      token,
      body: { yolo: { enabled: true } },
    });
    expect(yolo.status).toBe(200);
    const client = await hub.connectMcp(token);
    const results = [];
    for (let i = 0; i < 4 + REDTEAM_SIZES.repeats; i += 1)
      results.push(
        ToolResultSchema.parse(
          await client.callTool({ name: "send_inquiry", arguments: { prompt: `Decide ${i}?` } }),
        ),
      );
    expect(results.filter((result) => result.isError !== true)).toHaveLength(4);
    for (const refused of results.slice(4))
      expect(refused.content[0]?.text).toMatch(/delegated \(YOLO\) answers cap reached: at most 4/);
    const history = HistoryPageSchema.parse(
      await (await hub.request("/api/history?limit=100", { token })).json(),
    );
    expect(history.items).toHaveLength(4);
  });

  it("finding 5: an abandoned session is reaped after the idle lifetime; one with a call in flight is kept", async () => {
    hub = await startTestHub({
      // Long enough that the abandoned session still holds its slot when the cap is checked
      // below on a loaded CI machine (0.3 s was not); the polls wait up to 5 s for the reaper.
      mcpSessionIdleSeconds: 1,
      mcpSessionCaps: { perCredential: 2, perUser: 2, total: 10 },
    });
    const { token } = await hub.registerUser("idler");
    const mcpUrl = new URL("/mcp", hub.url);
    const abandoned = await rawInitialize(mcpUrl, token);
    const busy = await rawInitialize(mcpUrl, token);
    const post = (sessionId: string | null, message: object): Promise<Response> =>
      fetch(mcpUrl, {
        method: "POST",
        headers: mcpHeaders(token, sessionId ?? ""),
        body: JSON.stringify({ jsonrpc: "2.0", ...message }),
      });
    expect((await post(busy.sessionId, { method: "notifications/initialized" })).status).toBe(202);
    const call = await post(busy.sessionId, {
      id: 2,
      method: "tools/call",
      params: { name: "send_inquiry", arguments: { prompt: "Take your time?" } },
    });
    expect(call.status).toBe(200);
    expectCapRefusal(await rawInitialize(mcpUrl, token), /per credential/);

    const slotFreed = async (): Promise<string | null> =>
      (await rawInitialize(mcpUrl, token)).sessionId;
    await expect.poll(slotFreed, { timeout: 5_000, interval: 50 }).not.toBeNull();
    const gone = await post(abandoned.sessionId, { id: 3, method: "tools/list" });
    expect(gone.status).toBe(404);
    await gone.body?.cancel();
    await expect.poll(slotFreed, { timeout: 5_000, interval: 50 }).not.toBeNull();

    const [inquiry] = z
      .array(InquirySchema)
      .parse(await (await hub.request("/api/inquiries?status=pending", { token })).json());
    const answer = await hub.request(`/api/inquiries/${inquiry?.id ?? ""}/answer`, {
      token,
      body: { response: "worth the wait" },
    });
    expect(answer.status).toBe(200);
    expect(await call.text()).toContain("worth the wait");
  });

  it("finding 5: resolved inquiries leave history after the history TTL; pending ones stay", async () => {
    hub = await startTestHub({ historyTtlSeconds: 1 });
    const { token } = await hub.registerUser("historian");
    const client = await hub.connectMcp(token);
    const resolved: string[] = [];
    for (let i = 0; i < REDTEAM_SIZES.repeats; i += 1) {
      const opened = await callUntilOpened(
        client,
        { name: "send_inquiry", arguments: { prompt: `Old ${i}?` } },
        "INQUIRY",
      );
      const answer = await hub.request(`/api/inquiries/${opened.inquiryId}/answer`, {
        token,
        body: { response: "yes" },
      });
      expect(answer.status).toBe(200);
      await opened.call;
      resolved.push(opened.inquiryId);
    }
    const still = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Still open?" } },
      "INQUIRY",
    );
    const history = async (): Promise<string[]> =>
      HistoryPageSchema.parse(
        await (await hub?.request("/api/history?limit=100", { token }))?.json(),
      ).items.map((item) => item.id);
    expect(await history()).toContain(resolved.at(-1));

    await expect.poll(history, { timeout: 5_000, interval: 100 }).toStrictEqual([still.inquiryId]);
    const listed = z
      .array(InquirySchema)
      .parse(await (await hub.request("/api/inquiries", { token })).json());
    expect(listed.map((inquiry) => inquiry.id)).toStrictEqual([still.inquiryId]);
    await hub.request(`/api/inquiries/${still.inquiryId}/answer`, {
      token,
      body: { response: "now" },
    });
    expect(resultText(await still.call)).toBe("now");
  });
});
