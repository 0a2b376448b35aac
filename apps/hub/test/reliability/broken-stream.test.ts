import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProgressRecorder, resultText, startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import type { TestDevice } from "../socket-helpers";
import { report } from "./scale";
import { breakableFetch } from "./support/breakable-fetch";
import type { BreakableFetch } from "./support/breakable-fetch";

/** How long the inquiry is watched after the break (asserting that nothing happens). */
const WATCH_MS = 1_500;
/**
 * The client's request timeout, not reset by progress (the resumed stream's heartbeats would
 * otherwise hold it open forever): after it, the SDK sends notifications/cancelled.
 */
const CLIENT_TIMEOUT_MS = 4_000;

/** How long the client waits before it reconnects with Last-Event-ID. */
const RECONNECT_DELAY_MS = 500;

/**
 * Invariant 2 for a dropped connection (issue 9 #3, issue 17): the hub must not read a broken
 * stream as a cancel, and it keeps every session's SSE events (the stream event log), so the
 * SDK client, which got the priming event id, reconnects with Last-Event-ID and is replayed
 * what it missed, the result included. Only the caller's own give-up (its timeout's
 * notifications/cancelled) withdraws the inquiry.
 */
describe("broken MCP response stream", () => {
  let hub: TestHub;
  let owner: TestLogin;
  let device: TestDevice;

  beforeAll(async () => {
    hub = await startTestHub({ heartbeatSeconds: 0.2, inquiryTimeoutSeconds: 3_600 });
    owner = await hub.registerUser("broken");
    device = await hub.devices.connect({ token: owner.token });
  });
  afterAll(() => hub.close());

  /** An SDK client on `/mcp` whose streams the test can cut; it reconnects every 500 ms. */
  async function connectBreakable(): Promise<{ cuttable: BreakableFetch; client: Client }> {
    const cuttable = breakableFetch();
    const client = new Client({ name: "broken-stream", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", hub.url), {
        fetch: cuttable.fetch,
        requestInit: { headers: { authorization: `Bearer ${owner.token}` } },
        reconnectionOptions: {
          initialReconnectionDelay: RECONNECT_DELAY_MS,
          maxReconnectionDelay: RECONNECT_DELAY_MS,
          reconnectionDelayGrowFactor: 1,
          maxRetries: 3,
        },
      }),
    );
    return { cuttable, client };
  }

  it("resumes a broken held call with Last-Event-ID: an answer given meanwhile arrives", async () => {
    const { cuttable, client } = await connectBreakable();
    try {
      const progress = createProgressRecorder();
      const call = client.callTool(
        { name: "send_inquiry", arguments: { prompt: "Still there after the break?" } },
        undefined,
        { timeout: 30_000, onprogress: progress.onprogress },
      );
      const opened = await progress.next("INQUIRY");
      const brokenAt = Date.now();
      expect(cuttable.breakStreams()).toBeGreaterThan(0);
      const answered = await hub.request(`/api/inquiries/${opened.inquiryId}/answer`, {
        token: owner.token,
        body: { response: "yes, resumed" },
      });
      expect(answered.status, "answered while the client is disconnected").toBe(200);

      expect(resultText(await call)).toBe("yes, resumed");
      const resumedMs = Date.now() - brokenAt;
      expect(progress.metas.at(-1)).toMatchObject({ type: "INQUIRY_CLOSED", status: "answered" });
      report(
        `long hold broken POST stream: answered while disconnected, result replayed through ` +
          `Last-Event-ID ${resumedMs} ms after the break (reconnect delay ${RECONNECT_DELAY_MS} ms)`,
      );
    } finally {
      await client.close();
    }
  });

  it("keeps the inquiry pending through the break and the client's own timeout", async () => {
    const { cuttable, client } = await connectBreakable();
    try {
      const progress = createProgressRecorder();
      const call = client.callTool(
        { name: "send_inquiry", arguments: { prompt: "Still there?" } },
        undefined,
        {
          timeout: CLIENT_TIMEOUT_MS,
          onprogress: progress.onprogress,
        },
      );
      const outcome = call.then(
        () => "result",
        (error: unknown) => String(error),
      );
      const opened = await progress.next("INQUIRY");
      const brokenAt = Date.now();
      expect(cuttable.breakStreams()).toBeGreaterThan(0);

      await sleep(WATCH_MS);
      const held = await hub.hub.inquiries.get(owner.userId, opened.inquiryId);
      expect(held.status, "a broken stream is not a cancel").toBe("pending");
      expect(device.withdrawn.map((each) => each.inquiryId)).not.toContain(opened.inquiryId);

      expect(await outcome).toMatch(/timed out/i);
      const gaveUpMs = Date.now() - brokenAt;
      // The client's timeout sends a cancel without WITHDRAW_REASON: it detaches, and the card
      // turns to "the agent will get your answer when it asks again".
      const detached = await waitFor(async () => {
        const current = await hub.hub.inquiries.get(owner.userId, opened.inquiryId);
        return current.agentWaiting === false ? current : undefined;
      });
      expect(detached.status, "a client's timeout is not a withdrawal").toBe("pending");
      expect(device.withdrawn.map((each) => each.inquiryId)).not.toContain(opened.inquiryId);
      report(
        `long hold broken POST stream: still pending ${WATCH_MS} ms after the break, client ` +
          `timed out after ${gaveUpMs} ms, the question still open after it`,
      );
    } finally {
      await client.close();
    }
  });
});
