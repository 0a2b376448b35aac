import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HistoryPageSchema,
  IDEMPOTENCY_META_KEY,
  InquirySchema,
  WITHDRAW_REASON,
} from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { callUntilOpened, resultText, startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import type { TestDevice } from "../socket-helpers";

/** Short enough that a killed agent's session is reaped within the test. */
const IDLE_SECONDS = 1;

describe("idempotent send_inquiry calls", () => {
  let hub: TestHub;
  let owner: TestLogin;
  let device: TestDevice;

  beforeAll(async () => {
    hub = await startTestHub({ mcpSessionIdleSeconds: IDLE_SECONDS, inquiryTimeoutSeconds: 600 });
    owner = await hub.registerUser("idem");
    device = await hub.devices.connect({ token: owner.token });
  });
  afterAll(() => hub.close());

  const keyed = (key: string, prompt: string) => ({
    name: "send_inquiry",
    arguments: { prompt },
    _meta: { [IDEMPOTENCY_META_KEY]: key },
  });

  async function status(userId: string, inquiryId: string): Promise<string> {
    return (await hub.hub.inquiries.get(userId, inquiryId)).status;
  }

  /** Closes the client as `kill -9` would leave it: no cancel, the streams just end. */
  async function kill(client: Client, call: Promise<unknown>): Promise<void> {
    await client.close();
    await call.catch(() => undefined);
  }

  it("survives the caller's death: the retry holds on the same inquiry and gets the answer", async () => {
    const first = await hub.connectMcp(owner.token);
    const opened = await callUntilOpened(first, keyed("run-1:call-1", "Which city?"), "INQUIRY");
    await kill(first, opened.call);

    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 2_500));
    expect(await status(owner.userId, opened.inquiryId), "session reaped, question kept").toBe(
      "pending",
    );
    expect(device.withdrawn.map((each) => each.inquiryId)).not.toContain(opened.inquiryId);

    const second = await hub.connectMcp(owner.token);
    const again = await callUntilOpened(second, keyed("run-1:call-1", "Which city?"), "INQUIRY");
    expect(again.inquiryId).toBe(opened.inquiryId);

    const answered = await hub.request(`/api/inquiries/${opened.inquiryId}/answer`, {
      token: owner.token,
      body: { response: "Lisbon" },
    });
    expect(answered.status).toBe(200);
    expect(resultText(await again.call)).toBe("Lisbon");

    const history = HistoryPageSchema.parse(
      await (await hub.request("/api/history", { token: owner.token })).json(),
    );
    expect(history.items.map((item) => item.id)).toEqual([opened.inquiryId]);

    const replay = await second.callTool(keyed("run-1:call-1", "Which city?"));
    expect(resultText(replay), "a final inquiry's key answers at once").toBe("Lisbon");
    await second.close();
  });

  it("ends racing calls with one key on one inquiry", async () => {
    const client = await hub.connectMcp(owner.token);
    const [a, b] = await Promise.all([
      callUntilOpened(client, keyed("run-2:call-1", "Race?"), "INQUIRY"),
      callUntilOpened(client, keyed("run-2:call-1", "Race?"), "INQUIRY"),
    ]);
    expect(a.inquiryId).toBe(b.inquiryId);
    await hub.request(`/api/inquiries/${a.inquiryId}/answer`, {
      token: owner.token,
      body: { response: "one" },
    });
    expect([resultText(await a.call), resultText(await b.call)]).toEqual(["one", "one"]);
    await client.close();
  });

  it("scopes keys per user: another user's same key opens a separate inquiry", async () => {
    const other = await hub.registerUser("idem-other");
    const mine = await hub.connectMcp(owner.token);
    const theirs = await hub.connectMcp(other.token);
    const a = await callUntilOpened(mine, keyed("shared:key", "Mine?"), "INQUIRY");
    const b = await callUntilOpened(theirs, keyed("shared:key", "Theirs?"), "INQUIRY");
    expect(b.inquiryId).not.toBe(a.inquiryId);
    expect((await hub.hub.inquiries.get(other.userId, b.inquiryId)).question).toBe("Theirs?");
    await hub.request(`/api/inquiries/${a.inquiryId}/answer`, {
      token: owner.token,
      body: { response: "mine" },
    });
    await hub.request(`/api/inquiries/${b.inquiryId}/answer`, {
      token: other.token,
      body: { response: "theirs" },
    });
    expect(resultText(await a.call)).toBe("mine");
    expect(resultText(await b.call)).toBe("theirs");
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("withdraws a keyed call's inquiry on Stop (notifications/cancelled)", async () => {
    const client = await hub.connectMcp(owner.token);
    const stop = new AbortController();
    const opened = await callUntilOpened(client, keyed("run-3:call-1", "Stop me?"), "INQUIRY", {
      signal: stop.signal,
    });
    stop.abort(WITHDRAW_REASON);
    await opened.call.catch(() => undefined);
    const final = await waitFor(async () => {
      const inquiry = InquirySchema.parse(
        await hub.hub.inquiries.get(owner.userId, opened.inquiryId),
      );
      return inquiry.status === "pending" ? undefined : inquiry;
    });
    expect(final.status).toBe("cancelled");
    await client.close();
  });

  it("refuses a malformed key by name and creates nothing", async () => {
    const client = await hub.connectMcp(owner.token);
    const before = (await hub.hub.inquiries.list(owner.userId)).length;
    const result = await client.callTool(keyed("x".repeat(201), "Too long?"));
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain(IDEMPOTENCY_META_KEY);
    expect(await hub.hub.inquiries.list(owner.userId)).toHaveLength(before);
    await client.close();
  });
});
