import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestOf } from "../../src/features/audit/audit-record";
import { callUntilOpened } from "../helpers";
import type { TestLogin } from "../helpers";
import { exportWith } from "../audit/audit-bench";
import { startApprovalBench } from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

const SECRET = "the vault code is 4471-hunter2";

/**
 * Red team: a question's answer in the audit. The answer a person gives (here a secret) never
 * reaches the chain in clear under the default redaction, only its digest and a keyed
 * length; nobody else's export holds the record; and no route writes to or removes from a
 * chain, whoever calls it.
 */
describe("red team: answers in the audit chain", () => {
  let bench: ApprovalBench;
  let stranger: TestLogin;
  let inquiryId = "";

  beforeAll(async () => {
    bench = await startApprovalBench({}, "audit-answers");
    stranger = await bench.hub.registerUser("stranger");
    const asker = await bench.hub.login(bench.person.username, "Build box");
    const client = await bench.hub.connectMcp(asker.token);
    const asked = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "What is the vault code?" } },
      "INQUIRY",
    );
    inquiryId = asked.inquiryId;
    const answered = await bench.hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token: bench.person.token,
      body: { response: SECRET },
    });
    expect(answered.status).toBe(200);
    await asked.call;
  }, 30_000);
  afterAll(() => bench?.close());

  it("the export keeps the answer's digest and a redacted value, never the answer", async () => {
    const { text, records } = await exportWith(bench.hub, bench.person.token, 1);
    // "hunter2" has letters no id, digest or hex HMAC is made of; "4471" once matched a uuid.
    expect(text).not.toContain("hunter2");
    expect(records[0]).toMatchObject({
      kind: "inquiry.answered",
      subject: inquiryId,
      detail: {
        answerDigest: digestOf({ response: SECRET }),
        answer: {
          response: expect.stringMatching(/^\[redacted: \d+ chars, hmac [0-9a-f]{16}\]$/) as string,
        },
      },
    });
  });

  it("another person's export holds no record of it", async () => {
    const response = await bench.hub.request("/api/audit/export", { token: stranger.token });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(inquiryId);
    expect(text.trimEnd().split("\n")).toHaveLength(1);
  });

  it("no route appends, changes or removes a record, for the person, a stranger or an agent key", async () => {
    for (const token of [bench.person.token, stranger.token, bench.agentKey])
      for (const method of ["POST", "PUT", "DELETE"]) {
        const response = await bench.hub.request("/api/audit/export", {
          method,
          token,
          body: { kind: "inquiry.answered", subject: inquiryId },
        });
        expect([403, 404]).toContain(response.status);
      }
    const { records } = await exportWith(bench.hub, bench.person.token, 1);
    expect(records.map((record) => [record.seq, record.subject])).toEqual([[1, inquiryId]]);
  });
});
