import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditRecordSchema, digestOf } from "../../src/features/audit/audit-record";
import { verifyAuditExport } from "../../src/features/audit/verify-export";
import { waitFor } from "../helpers";
import type { TestLogin } from "../helpers";
import { answerOver } from "../socket-helpers";
import {
  SEND_EMAIL,
  createAgentKey,
  requestApproval,
  startApprovalBench,
} from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

/**
 * Red team: the audit export is the person's record of decisions about their agents' calls.
 * An agent key cannot read it (403 on both routes), another person's export holds none of
 * it, and what the person exports verifies as one signed chain whose decision keeps the
 * arguments' digest while the values stay redacted.
 */
describe("red team: the audit export", () => {
  let bench: ApprovalBench;
  let stranger: TestLogin;
  let inquiryId = "";

  beforeAll(async () => {
    bench = await startApprovalBench({}, "audit-owner");
    stranger = await bench.hub.registerUser("audit-stranger");
    const opened = requestApproval(await bench.agent("2026-07-28"), SEND_EMAIL);
    ({ inquiryId } = await opened.progress.next("APPROVAL"));
    await answerOver(bench.phone.socket, { inquiryId, action: "approve" });
    await opened.call;
  }, 30_000);
  afterAll(() => bench?.close());

  const exportOf = async (token: string) => {
    const response = await bench.hub.request("/api/audit/export", { token });
    return { status: response.status, text: await response.text() };
  };

  it("an agent key gets 403 on the export and the public key", async () => {
    for (const path of ["/api/audit/export", "/api/audit/public-key"])
      expect((await bench.hub.request(path, { token: bench.agentKey })).status).toBe(403);
    const ownKey = await createAgentKey(bench.hub, stranger.token);
    expect((await exportOf(ownKey)).status).toBe(403);
  });

  it("the person's export verifies and holds the decision: who, which call, digest, redacted values", async () => {
    const records = await waitFor(async () => {
      const lines = (await exportOf(bench.person.token)).text.trimEnd().split("\n");
      return lines.length > 1 ? lines : undefined;
    });
    const text = `${records.join("\n")}\n`;
    expect(verifyAuditExport(text)).toMatchObject({ valid: true });
    const decision = AuditRecordSchema.parse(JSON.parse(records[1] ?? ""));
    expect(decision).toMatchObject({
      chain: `user:${bench.person.userId}`,
      seq: 1,
      kind: "approval.decision",
      subject: inquiryId,
      actor: { userId: bench.person.userId, channel: "app" },
      argumentsDigest: digestOf(SEND_EMAIL.arguments),
      detail: { verdict: "approved", tool: "send_email" },
    });
    expect(Object.values(decision.arguments ?? {})).toEqual(
      Object.keys(SEND_EMAIL.arguments).map(() => expect.stringMatching(/^\[redacted: /) as string),
    );
    const header = JSON.parse(records[0] ?? "") as { publicKey: string };
    const published = await bench.hub.request("/api/audit/public-key", {
      token: bench.person.token,
    });
    expect(((await published.json()) as { publicKey: string }).publicKey).toBe(header.publicKey);
  });

  it("a rule the person makes and revokes is recorded after the decision, in order", async () => {
    const made = await bench.hub.request("/api/approval-rules", {
      method: "POST",
      token: bench.person.token,
      body: { fromInquiryId: inquiryId, agent: "any-agent", conditions: [], duration: "1h" },
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const revoked = await bench.hub.request(`/api/approval-rules/${id}`, {
      method: "DELETE",
      token: bench.person.token,
    });
    expect(revoked.status).toBe(204);
    const lines = await waitFor(async () => {
      const text = (await exportOf(bench.person.token)).text;
      return text.trimEnd().split("\n").length === 4 ? text : undefined;
    });
    expect(verifyAuditExport(lines)).toMatchObject({ valid: true });
    const kinds = lines
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => AuditRecordSchema.parse(JSON.parse(line)));
    expect(kinds.map((record) => [record.seq, record.kind, record.subject])).toEqual([
      [1, "approval.decision", inquiryId],
      [2, "rule.created", id],
      [3, "rule.revoked", id],
    ]);
  });

  it("another person's export holds none of it", async () => {
    const { status, text } = await exportOf(stranger.token);
    expect(status).toBe(200);
    expect(text).not.toContain(inquiryId);
    expect(text.trimEnd().split("\n")).toHaveLength(1);
  });
});
