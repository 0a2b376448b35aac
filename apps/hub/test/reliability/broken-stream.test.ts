import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProgressRecorder, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { report } from "./scale";
import { breakableFetch } from "./support/breakable-fetch";

/** How long the inquiry is watched after the break (asserting that nothing happens). */
const WATCH_MS = 1_500;
/** The client's request timeout: after it, the SDK sends notifications/cancelled. */
const CLIENT_TIMEOUT_MS = 4_000;

/**
 * Invariant 2 for a dropped connection (issue 9 #3): the hub keeps no event store, so the
 * SDK client cannot resume a broken POST stream (it resumes only after an SSE event with an
 * id). The hub must not read the broken stream as a cancel: the inquiry stays pending on
 * the devices until the caller itself gives up, whose notifications/cancelled withdraws it.
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

  it("keeps the inquiry pending until the client's own timeout cancels it", async () => {
    const cuttable = breakableFetch();
    const client = new Client({ name: "broken-stream", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", hub.url), {
        fetch: cuttable.fetch,
        requestInit: { headers: { authorization: `Bearer ${owner.token}` } },
      }),
    );
    try {
      const progress = createProgressRecorder();
      const call = client.callTool(
        { name: "send_inquiry", arguments: { prompt: "Still there?" } },
        undefined,
        {
          timeout: CLIENT_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
          onprogress: progress.onprogress,
        },
      );
      const outcome = call.then(
        () => "result",
        (error: unknown) => String(error),
      );
      const opened = await progress.next("INQUIRY");
      const withdrawn = nextEvent(
        device.socket,
        "inquiry:withdrawn",
        (each) => each.inquiryId === opened.inquiryId,
      );
      const brokenAt = Date.now();
      expect(cuttable.breakStreams()).toBeGreaterThan(0);

      await sleep(WATCH_MS);
      const held = await hub.hub.inquiries.get(owner.userId, opened.inquiryId);
      expect(held.status, "a broken stream is not a cancel").toBe("pending");
      expect(device.withdrawn.map((each) => each.inquiryId)).not.toContain(opened.inquiryId);

      expect(await outcome).toMatch(/timed out/i);
      const gaveUpMs = Date.now() - brokenAt;
      expect((await withdrawn).status).toBe("cancelled");
      const withdrawnMs = Date.now() - brokenAt;
      report(
        `long hold broken POST stream: still pending ${WATCH_MS} ms after the break, client ` +
          `timed out after ${gaveUpMs} ms (no resume without an event store), withdrawn ` +
          `cancelled at ${withdrawnMs} ms`,
      );
    } finally {
      await client.close();
    }
  });
});
