import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { createProgressRecorder, resultText, startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { SIZES, budgetMs, report } from "./scale";

/** The client's per-request timeout; every hold below outlasts it many times over. */
const CLIENT_TIMEOUT_MS = 1_000;

/**
 * Invariant 2 for long holds: heartbeats keep a call alive far past the client's request
 * timeout (resetTimeoutOnProgress, with `?hold=none` since the wire cannot show that option),
 * maxTotalTimeout still ends the call but leaves its question open, and a cancel with
 * WITHDRAW_REASON withdraws the inquiry from devices within a second.
 */
describe("long holds", () => {
  let hub: TestHub;
  let owner: TestLogin;
  let device: TestDevice;

  beforeAll(async () => {
    hub = await startTestHub({ heartbeatSeconds: 0.2, inquiryTimeoutSeconds: 3_600 });
    owner = await hub.registerUser("holder");
    device = await hub.devices.connect({ token: owner.token });
  });
  afterAll(() => hub.close());

  it(
    `a call held ${SIZES.longHoldMs / 1000} s with heartbeats gets its answer, no timeout error`,
    async () => {
      const client = await hub.connectMcp(owner.token, "?hold=none");
      const progress = createProgressRecorder();
      const call = client.callTool(
        { name: "send_inquiry", arguments: { prompt: "Hold" } },
        undefined,
        {
          timeout: CLIENT_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
          onprogress: progress.onprogress,
        },
      );
      const opened = await progress.next("INQUIRY");
      await new Promise((resolve) => setTimeout(resolve, SIZES.longHoldMs));
      await hub.hub.inquiries.answer(
        owner.userId,
        opened.inquiryId,
        { action: "answer", response: "held" },
        owner.deviceId,
      );
      expect(resultText(await call)).toBe("held");
      const heartbeats = progress.metas.filter((meta) => meta.type === "INQUIRY_HEARTBEAT").length;
      report(
        `long hold ${SIZES.longHoldMs / 1000} s (client timeout ${CLIENT_TIMEOUT_MS / 1000} s), ` +
          `${heartbeats} heartbeats, answered, 0 timeout errors`,
      );
    },
    budgetMs(30_000, 120_000) + SIZES.longHoldMs,
  );

  it("maxTotalTimeout ends a heartbeating call, and its question stays open", async () => {
    const client = await hub.connectMcp(owner.token, "?hold=none");
    const progress = createProgressRecorder();
    const startedAt = Date.now();
    const call = client.callTool(
      { name: "send_inquiry", arguments: { prompt: "Capped" } },
      undefined,
      {
        // Seven heartbeats (every 0.2 s) fit in the request timeout, so a busy machine's late
        // heartbeat cannot end the call first: the total cap must be what ends it.
        timeout: 1_500,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: 3_000,
        onprogress: progress.onprogress,
      },
    );
    const opened = await progress.next("INQUIRY");
    await expect(call).rejects.toThrow(/maximum total timeout/i);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const detached = await waitFor(async () => {
      const current = await hub.hub.inquiries.get(owner.userId, opened.inquiryId);
      return current.agentWaiting === false ? current : undefined;
    });
    expect(detached.status).toBe("pending");
    await hub.hub.inquiries.cancel(opened.inquiryId);
  });

  it("a cancel with WITHDRAW_REASON withdraws the inquiry from devices within 1 s", async () => {
    const client = await hub.connectMcp(owner.token);
    const progress = createProgressRecorder();
    const abort = new AbortController();
    const call = client.callTool(
      { name: "send_inquiry", arguments: { prompt: "Cancel me" } },
      undefined,
      {
        signal: abort.signal,
        onprogress: progress.onprogress,
      },
    );
    const opened = await progress.next("INQUIRY");
    const withdrawn = nextEvent(
      device.socket,
      "inquiry:withdrawn",
      (each) => each.inquiryId === opened.inquiryId,
    );
    const cancelledAt = Date.now();
    abort.abort(WITHDRAW_REASON);
    await expect(call).rejects.toThrow();
    expect((await withdrawn).status).toBe("cancelled");
    const withdrawnMs = Date.now() - cancelledAt;
    report(`long hold cancel with WITHDRAW_REASON → withdrawn on the device in ${withdrawnMs} ms`);
    expect(withdrawnMs).toBeLessThan(1_000);
  });
});
