import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InquirySchema } from "@inquiry-hub/protocol";
import { fileExists, gatedCall, startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";

describe("per-chat YOLO on the approval proxy (?yolo= on /proxy/<name>/mcp)", () => {
  let harness: ProxyHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  async function setup(userYolo: boolean) {
    harness = await startProxyHarness({ write_file: true });
    const token = await harness.registerUser();
    const put = await fetch(new URL("/api/settings", harness.hubUrl), {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ yolo: { enabled: userYolo } }),
    });
    expect(put.status).toBe(200);
    return { harness, token };
  }

  async function storedInquiry(token: string, inquiryId: string) {
    const response = await fetch(new URL(`/api/inquiries/${inquiryId}`, harness!.hubUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    return InquirySchema.parse(await response.json());
  }

  it("finding 1: ?yolo=1 is refused on initialize, so the gated client cannot turn the gate off", async () => {
    const { harness, token } = await setup(false);
    await expect(harness.connectAgent(token, "?yolo=1")).rejects.toThrow(
      /only yolo=0 \(always ask\) is accepted/,
    );
    const agent = await harness.connectAgent(token);
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "chat.txt",
      content: "decided",
    });
    expect(await fileExists(path.join(harness.sandboxDir, "chat.txt"))).toBe(false);
    expect((await harness.answer(token, inquiryId, { action: "reject" })).status).toBe(200);
    expect((await call).isError).not.toBe(true);
    expect(await fileExists(path.join(harness.sandboxDir, "chat.txt"))).toBe(false);
    expect(harness.audit).toEqual([
      expect.objectContaining({ inquiryId, verdict: "rejected", tool: "write_file" }),
    ]);
  });

  it("?yolo=0 still asks while the user's setting is on", async () => {
    const { harness, token } = await setup(true);
    const agent = await harness.connectAgent(token, "?yolo=0");
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "asked.txt",
      content: "asked",
    });
    expect(await fileExists(path.join(harness.sandboxDir, "asked.txt"))).toBe(false);
    expect((await harness.answer(token, inquiryId, { action: "approve" })).status).toBe(200);
    expect((await call).isError).not.toBe(true);
    expect(await fileExists(path.join(harness.sandboxDir, "asked.txt"))).toBe(true);
    const stored = await storedInquiry(token, inquiryId);
    expect(stored.resolution).toMatchObject({ response: "approve" });
    expect(stored.resolution?.delegated).not.toBe(true);
  });

  it("refuses a malformed ?yolo= on initialize", async () => {
    const { harness, token } = await setup(false);
    await expect(harness.connectAgent(token, "?yolo=maybe")).rejects.toThrow(/yolo/);
  });
});
