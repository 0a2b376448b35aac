import path from "node:path";
import { describe, expect, it } from "vitest";
import { InquirySchema, MeResponseSchema } from "@inquiry-hub/protocol";
import { resultText, waitFor } from "../helpers";
import { answerOver } from "../socket-helpers";
import { fileExists, gatedCall, startProxyHarness } from "../support/proxy-harness";
import { useProxyHarnessPerTest } from "../support/proxy-per-test";

const TOOLS = {
  write_file: true,
  execute_sql: { allowed_decisions: ["approve", "reject"] },
};

describe("answers to proxied approvals, checked by the hub on any route", () => {
  const { setupWithAgent } = useProxyHarnessPerTest(() => startProxyHarness(TOOLS));

  it("stores the call on the record, inputSchema and run included, for every device", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const first = await gatedCall(agent, "write_file", { path: "a.txt", content: "a" });
    const second = await gatedCall(agent, "write_file", { path: "b.txt", content: "b" });
    const response = await fetch(new URL(`/api/inquiries/${first.inquiryId}`, harness.hubUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    const record = InquirySchema.parse(await response.json());
    expect(record.type).toBe("APPROVAL");
    expect(record.approval).toMatchObject({
      tool: "write_file",
      arguments: { path: "a.txt", content: "a" },
      inputSchema: expect.objectContaining({ required: ["path", "content"] }) as unknown,
      runId: expect.any(String) as string,
    });
    const other = InquirySchema.parse(
      await (
        await fetch(new URL(`/api/inquiries/${second.inquiryId}`, harness.hubUrl), {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(other.approval?.runId).toBe(record.approval?.runId);

    await harness.answer(token, first.inquiryId, { action: "approve" });
    await harness.answer(token, second.inquiryId, { action: "approve" });
    expect(resultText(await first.call)).toMatch(/^Wrote 1 bytes to a\.txt/);
    expect(resultText(await second.call)).toMatch(/^Wrote 1 bytes to b\.txt/);
  });

  it("refuses a decision the policy does not allow with 400, and the call stays pending", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const { call, inquiryId } = await gatedCall(agent, "execute_sql", {
      query: "DELETE FROM notes",
    });
    const refused = await harness.answer(token, inquiryId, {
      action: "edit",
      args: { query: "DROP TABLE notes" },
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      'action: "edit" is not allowed for execute_sql; allowed: approve, reject',
    );
    await harness.answer(token, inquiryId, { action: "reject", reason: "keep them" });
    expect(resultText(await call)).toMatch(/rejected the call to execute_sql/);
  });

  it("refuses an invalid edit over the socket with the reason in the ack", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const device = await harness.devices.connect({ token });
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "s.txt",
      content: "s",
    });
    const refused = await answerOver(device.socket, {
      inquiryId,
      action: "edit",
      args: { path: "s.txt", content: 5 },
    });
    expect(refused).toEqual({
      error: expect.objectContaining({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/arguments\/content must be string/) as string,
      }) as unknown,
    });
    const accepted = await answerOver(device.socket, {
      inquiryId,
      action: "edit",
      args: { path: "s.txt", content: "fixed" },
    });
    expect("data" in accepted).toBe(true);
    expect(resultText(await call)).toMatch(/^Wrote 5 bytes to s\.txt/);
  });

  it("withdraws a revoked agent device's approvals as cancelled and runs nothing", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "revoked.txt",
      content: "r",
    });
    const callSettled = call.then(
      () => "returned",
      () => "failed",
    );
    const me = MeResponseSchema.parse(
      await (
        await fetch(new URL("/api/auth/me", harness.hubUrl), {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    const revoked = await fetch(new URL(`/api/devices/${me.device.id}`, harness.hubUrl), {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(204);
    const status = await waitFor(() =>
      Promise.resolve(harness.audit.find((entry) => entry.inquiryId === inquiryId)?.verdict),
    );
    expect(status).toBe("cancelled");
    expect(await fileExists(path.join(harness.sandboxDir, "revoked.txt"))).toBe(false);
    await agent.close();
    expect(await callSettled).toBe("failed");
  });
});
