import { afterEach, describe, expect, it } from "vitest";
import { InquirySchema, RESULT_OPENINGS, WITHDRAW_REASON } from "@inquiry-hub/protocol";
import {
  callUntilOpened,
  createProgressRecorder,
  resultText,
  startTestHub,
  waitFor,
} from "../helpers";
import type { TestHub } from "../helpers";

describe("send_inquiry over MCP", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  async function fetchInquiry(testHub: TestHub, token: string, id: string) {
    return InquirySchema.parse(
      await (await testHub.request(`/api/inquiries/${id}`, { token })).json(),
    );
  }

  it("announces the inquiry under _meta, keeps the call alive, and returns the answer", async () => {
    hub = await startTestHub();
    const { token, deviceId } = await hub.registerUser();
    const client = await hub.connectMcp(token);
    const progress = createProgressRecorder();

    const call = client.callTool(
      {
        name: "send_inquiry",
        arguments: { prompt: "Which city?", options: ["Paris", "Rome"], suggested_answer: "Paris" },
      },
      undefined,
      { onprogress: progress.onprogress },
    );
    const opened = await progress.next("INQUIRY");
    expect(opened).toMatchObject({
      type: "INQUIRY",
      question: "Which city?",
      options: ["Paris", "Rome"],
      suggestedAnswer: "Paris",
    });
    if (opened.type !== "INQUIRY") throw new Error("unreachable");
    expect(Date.parse(opened.expiresAt ?? "")).toBeGreaterThan(Date.now());
    await progress.next("INQUIRY_HEARTBEAT");

    const answered = await hub.request(`/api/inquiries/${opened.inquiryId}/answer`, {
      token,
      body: { response: "Rome", deviceId: "phone-1" },
    });
    expect(answered.status).toBe(200);
    expect(InquirySchema.parse(await answered.json())).toMatchObject({
      status: "answered",
      resolution: { response: "Rome", byDeviceId: deviceId },
    });

    expect(resultText(await call)).toBe("Rome");
    expect(progress.metas.at(-1)).toEqual({
      type: "INQUIRY_CLOSED",
      inquiryId: opened.inquiryId,
      status: "answered",
    });
    expect(progress.progressValues[0]).toBe(0);
    expect(progress.progressValues).toEqual([...progress.progressValues].sort((a, b) => a - b));
    expect(new Set(progress.progressValues).size).toBe(progress.progressValues.length);
  });

  it("tells the model the person declined", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser();
    const client = await hub.connectMcp(token);
    const { call, inquiryId } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Deploy?" } },
      "INQUIRY",
    );
    const response = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token,
      body: { action: "reject", reason: "not today" },
    });
    expect(response.status).toBe(200);
    const text = resultText(await call);
    expect(text.startsWith(RESULT_OPENINGS.rejected)).toBe(true);
    expect(text).toContain("not today");
  });

  it("times out at the backstop when nobody answers (?timeout=1, grace 0.3 s)", async () => {
    hub = await startTestHub({ timeoutGraceSeconds: 0.3 });
    const { token } = await hub.registerUser();
    const client = await hub.connectMcp(token, "?timeout=1");
    const started = Date.now();
    const { call, opened } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Anyone?" } },
      "INQUIRY",
    );
    if (opened.type !== "INQUIRY") throw new Error("unreachable");
    expect(Date.parse(opened.expiresAt ?? "") - started).toBeLessThanOrEqual(1500);

    const text = resultText(await call);
    const waited = Date.now() - started;
    expect(text.startsWith(RESULT_OPENINGS.timeout)).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(1200);
    expect(waited).toBeLessThan(5000);
    const inquiry = await fetchInquiry(hub, token, opened.inquiryId);
    expect(inquiry.status).toBe("timeout");
    expect(inquiry.resolution?.byDeviceId).toBeUndefined();
  });

  it("withdraws the inquiry when the agent cancels with WITHDRAW_REASON", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser();
    const client = await hub.connectMcp(token);
    const controller = new AbortController();
    const { call, inquiryId } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Still there?" } },
      "INQUIRY",
      { signal: controller.signal },
    );
    controller.abort(WITHDRAW_REASON);
    await expect(call).rejects.toThrow();

    const testHub = hub;
    const cancelled = await waitFor(async () => {
      const inquiry = await fetchInquiry(testHub, token, inquiryId);
      return inquiry.status === "pending" ? undefined : inquiry;
    });
    expect(cancelled.status).toBe("cancelled");
    const late = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token,
      body: { response: "too late" },
    });
    expect(late.status).toBe(409);
  });

  it("leaves the inquiry open when the client gives up, and a repeat of the call gets the answer", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser();
    const client = await hub.connectMcp(token);
    const controller = new AbortController();
    const params = { name: "send_inquiry", arguments: { prompt: "Which branch?" } };
    const { call, inquiryId } = await callUntilOpened(client, params, "INQUIRY", {
      signal: controller.signal,
    });
    controller.abort(); // what a client's request timeout does: a cancel without the reason
    await expect(call).rejects.toThrow();
    const testHub = hub;
    const open = await waitFor(async () => {
      const inquiry = await fetchInquiry(testHub, token, inquiryId);
      return inquiry.agentWaiting === false ? inquiry : undefined;
    });
    expect(open.status).toBe("pending");

    const answered = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token,
      body: { response: "main" },
    });
    expect(answered.status).toBe(200);
    // The answer was given while no call waited: the next matching call gets it, once.
    expect(resultText(await client.callTool(params))).toBe("main");
    const again = await callUntilOpened(client, params, "INQUIRY");
    expect(again.inquiryId).not.toBe(inquiryId);
    void again.call.catch(() => undefined); // still held when the hub closes
  });

  it("leaves in-flight calls' inquiries open when the hub closes", async () => {
    hub = await startTestHub();
    const { token, userId } = await hub.registerUser();
    const client = await hub.connectMcp(token);
    const { call, inquiryId } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Closing?" } },
      "INQUIRY",
    );
    const settled = call.then(
      () => "resolved",
      () => "rejected",
    );
    const { inquiries } = hub.hub;
    await hub.hub.close();
    expect((await inquiries.get(userId, inquiryId)).status).toBe("pending");
    await hub.close();
    expect(await settled).toBe("rejected");
  });
});
