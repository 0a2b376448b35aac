import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InquirySchema, WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { callUntilOpened, createProgressRecorder, resultText, waitFor } from "../helpers";
import { fileExists, startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";

describe("approval proxy when nobody decides or the upstream fails", () => {
  let harness: ProxyHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("fails closed on timeout: rejected, and the upstream is never called", async () => {
    harness = await startProxyHarness(
      { write_file: { timeout_seconds: 0.3 } },
      { timeoutGraceSeconds: 0 },
    );
    const agent = await harness.connectAgent(await harness.registerUser());
    const progress = createProgressRecorder();
    const result = await agent.callTool(
      { name: "write_file", arguments: { path: "late.txt", content: "too late" } },
      undefined,
      { onprogress: progress.onprogress },
    );
    expect(result.isError).toBeUndefined();
    expect(resultText(result)).toMatch(
      /^No decision on the call to write_file came within 0 seconds, so it was not run\./,
    );
    expect(progress.metas.at(-1)).toMatchObject({ type: "INQUIRY_CLOSED", status: "timeout" });
    expect(await fileExists(path.join(harness.sandboxDir, "late.txt"))).toBe(false);
    expect(harness.audit[0]).toMatchObject({ verdict: "timed-out", forwardedArguments: undefined });
  });

  it("approves on timeout only when the policy says so", async () => {
    harness = await startProxyHarness(
      { write_file: { timeout_seconds: 0.2, on_timeout: "approve" } },
      { timeoutGraceSeconds: 0 },
    );
    const agent = await harness.connectAgent(await harness.registerUser());
    const result = await agent.callTool({
      name: "write_file",
      arguments: { path: "auto.txt", content: "auto" },
    });
    expect(resultText(result)).toMatch(/^Wrote 4 bytes to auto\.txt/);
    expect(harness.audit[0]).toMatchObject({ verdict: "approved-on-timeout" });
  });

  it("withdraws the approval as cancelled when the agent withdraws the call", async () => {
    harness = await startProxyHarness({ write_file: true });
    const token = await harness.registerUser();
    const agent = await harness.connectAgent(token);
    const controller = new AbortController();
    const { call, inquiryId } = await callUntilOpened(
      agent,
      { name: "write_file", arguments: { path: "gone.txt", content: "x" } },
      "APPROVAL",
      { signal: controller.signal },
    );
    controller.abort(WITHDRAW_REASON);
    await expect(call).rejects.toThrow();
    const hubUrl = harness.hubUrl;
    const status = await waitFor(async () => {
      const response = await fetch(new URL(`/api/inquiries/${inquiryId}`, hubUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      const inquiry = InquirySchema.parse(await response.json());
      return inquiry.status === "pending" ? undefined : inquiry.status;
    });
    expect(status).toBe("cancelled");
    expect(await fileExists(path.join(harness.sandboxDir, "gone.txt"))).toBe(false);
  });

  it("reports an upstream that went down as a clear error naming it, without hanging", async () => {
    harness = await startProxyHarness({ write_file: true });
    const token = await harness.registerUser();
    const agent = await harness.connectAgent(token);
    await harness.stopUpstream();

    const started = Date.now();
    const ungated = await agent.callTool({ name: "get_weather", arguments: { city: "Oslo" } });
    expect(ungated.isError).toBe(true);
    expect(resultText(ungated)).toMatch(
      /^The upstream MCP server "demo" failed while running get_weather: fetch failed \(ECONNREFUSED\)/,
    );
    const gated = await agent.callTool({
      name: "write_file",
      arguments: { path: "a.txt", content: "a" },
    });
    expect(gated.isError).toBe(true);
    expect(resultText(gated)).toMatch(/"demo" failed while running write_file/);
    expect(Date.now() - started).toBeLessThan(5000);
    const pending = await fetch(new URL("/api/inquiries?status=pending", harness.hubUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await pending.json()).toEqual([]);

    await expect(harness.connectAgent(token)).rejects.toThrow(
      /"UPSTREAM".*upstream \\"demo\\" is unreachable: fetch failed \(ECONNREFUSED\)/,
    );
  });

  it("refuses unknown upstreams and unauthenticated agents", async () => {
    harness = await startProxyHarness({});
    const unknown = await fetch(new URL("/proxy/nope/mcp", harness.hubUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${await harness.registerUser()}` },
    });
    expect(unknown.status).toBe(404);
    const anonymous = await fetch(new URL("/proxy/demo/mcp", harness.hubUrl), { method: "POST" });
    expect(anonymous.status).toBe(401);
  });
});
