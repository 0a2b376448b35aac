import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditRecordSchema, digestOf } from "../../src/features/audit/audit-record";
import type { AuditRecord } from "../../src/features/audit/audit-record";
import { verifyAuditExport } from "../../src/features/audit/verify-export";
import { callUntilOpened, waitFor } from "../helpers";
import type { TestLogin } from "../helpers";
import { answerOver } from "../socket-helpers";
import { SEND_EMAIL, requestApproval, startApprovalBench } from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

/**
 * What the chain says of each decision: a question's end (answered, reported timed out,
 * withdrawn) with the answer's digest and never its text, who decided on which device as the
 * person named it, through what, how long it took, and a YOLO answer's grant.
 */
describe("audit records of questions and decisions", () => {
  let bench: ApprovalBench;
  let asker: TestLogin;

  beforeAll(async () => {
    bench = await startApprovalBench({}, "audit-records");
    asker = await bench.hub.login(bench.person.username, "Build box");
  }, 30_000);
  afterAll(() => bench?.close());

  /** The person's chain once it holds `count` records, checked by the verifier first. */
  async function chainOf(count: number): Promise<AuditRecord[]> {
    const text = await waitFor(async () => {
      const response = await bench.hub.request("/api/audit/export", { token: bench.person.token });
      const body = await response.text();
      return body.trimEnd().split("\n").length === count + 1 ? body : undefined;
    });
    expect(verifyAuditExport(text)).toMatchObject({ valid: true });
    return text
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => AuditRecordSchema.parse(JSON.parse(line)));
  }

  /** Asks a question through the asker's MCP session; resolves once it is open. */
  async function ask(prompt: string) {
    const client = await bench.hub.connectMcp(asker.token);
    return callUntilOpened(client, { name: "send_inquiry", arguments: { prompt } }, "INQUIRY");
  }

  const answer = (inquiryId: string, body: unknown) =>
    bench.hub.request(`/api/inquiries/${inquiryId}/answer`, { token: bench.person.token, body });

  it("an answered question names the device, the channel and the time taken, and keeps only the answer's digest", async () => {
    const asked = await ask("Which city?");
    expect((await answer(asked.inquiryId, { response: "Lisbon" })).status).toBe(200);
    await asked.call;
    const [record] = await chainOf(1);
    expect(record).toMatchObject({
      seq: 1,
      kind: "inquiry.answered",
      subject: asked.inquiryId,
      actor: {
        userId: bench.person.userId,
        deviceId: bench.person.deviceId,
        deviceName: bench.person.deviceName,
        channel: "app",
      },
      detail: {
        status: "answered",
        askedByCredentialId: asker.deviceId,
        answerDigest: digestOf({ response: "Lisbon" }),
      },
    });
    expect(record?.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(record)).not.toContain("Lisbon");
  });

  it("a question a device reports timed out, and one the asker withdraws, are recorded once each", async () => {
    const lapsed = await ask("Still there?");
    expect((await answer(lapsed.inquiryId, { action: "timeout" })).status).toBe(200);
    await lapsed.call;
    const withdrawn = await ask("Never mind?");
    const response = await bench.hub.request(`/api/inquiries/${withdrawn.inquiryId}/withdraw`, {
      token: asker.token,
      method: "POST",
    });
    expect(response.status).toBe(200);
    await withdrawn.call;
    const records = await chainOf(3);
    expect(records.slice(1).map((record) => [record.seq, record.kind, record.subject])).toEqual([
      [2, "inquiry.expired", lapsed.inquiryId],
      [3, "inquiry.withdrawn", withdrawn.inquiryId],
    ]);
    expect(records[2]?.actor).toEqual({ userId: bench.person.userId, channel: "hub" });
  });

  it("an approval decided on the phone names the phone, the app channel and the time from asked to decided", async () => {
    const opened = requestApproval(await bench.agent("2026-07-28"), SEND_EMAIL);
    const { inquiryId } = await opened.progress.next("APPROVAL");
    await answerOver(bench.phone.socket, { inquiryId, action: "approve" });
    await opened.call;
    const record = (await chainOf(4))[3];
    expect(record).toMatchObject({
      kind: "approval.decision",
      subject: inquiryId,
      actor: { userId: bench.person.userId, deviceName: "Pixel 7", channel: "app" },
      argumentsDigest: digestOf(SEND_EMAIL.arguments),
    });
    expect(record?.durationMs).toEqual(expect.any(Number));
    await bench.reset();
  });

  it("with YOLO on, a question and an approval answered by it are records of channel yolo naming the grant", async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const turnedOn = await bench.hub.request("/api/settings", {
      method: "PUT",
      token: bench.person.token,
      body: { yolo: { enabled: true, until } },
    });
    expect(turnedOn.status).toBe(200);
    const client = await bench.hub.connectMcp(asker.token);
    await client.callTool({ name: "send_inquiry", arguments: { prompt: "Tabs or spaces?" } });
    const approved = await requestApproval(await bench.agent("2026-07-28"), SEND_EMAIL).call;
    expect(approved.isError).not.toBe(true);
    const records = (await chainOf(6)).slice(4);
    const grant = { grantedBy: bench.person.userId, enabled: true, until };
    expect(records).toMatchObject([
      {
        kind: "inquiry.answered",
        actor: { userId: bench.person.userId, channel: "yolo" },
        detail: { delegated: true, grant },
      },
      {
        kind: "approval.decision",
        actor: { userId: bench.person.userId, channel: "yolo" },
        detail: { verdict: "approved", grant },
      },
    ]);
    expect(records.map((record) => record.actor.deviceId)).toEqual([undefined, undefined]);
    await bench.reset();
  });
});
