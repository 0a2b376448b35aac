import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApprovalDetailsSchema, WITHDRAW_REASON } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/client";
import type { ApprovalAuditEntry } from "../../src/features/approvals/audit-log";
import { runBatchId } from "../../src/features/approvals/batches/batch-assigner";
import { waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import {
  GENERATIONS,
  SEND_EMAIL,
  decisionOf,
  requestApproval,
  startApprovalBench,
  textOf,
} from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";

/**
 * `request_approval` on `/mcp`, for both protocol generations: a framework bridge's own tool
 * call shown to the person as an APPROVAL card on every device, decided on one of them.
 */
describe.each(GENERATIONS)("request_approval over the %s path", (generation) => {
  let bench: ApprovalBench;
  let hub: TestHub;
  let person: TestLogin;
  let phone: TestDevice;
  let laptop: TestDevice;
  let audit: ApprovalAuditEntry[];

  beforeAll(async () => {
    bench = await startApprovalBench({ timeoutGraceSeconds: 0.2 }, "approver", "Laptop");
    ({ hub, person, phone, audit } = bench);
    laptop = await hub.devices.connect({ token: person.token });
  });
  afterEach(() => bench.reset());
  afterAll(() => bench.close());

  const agent = (query = ""): Promise<Client> => bench.agent(generation, { query });

  it("shows the call on every device; a phone's approve returns the original arguments", async () => {
    const client = await agent();
    const onLaptop = nextEvent(laptop.socket, "inquiry:new");
    const { call, progress } = requestApproval(client, SEND_EMAIL);
    const opened = await progress.next("APPROVAL");
    expect(ApprovalDetailsSchema.parse(opened.approval)).toEqual({
      upstream: "langgraph",
      tool: "send_email",
      arguments: SEND_EMAIL.arguments,
      allowedDecisions: ["approve", "edit", "reject"],
      description: "Send an email on the person's behalf.",
      inputSchema: SEND_EMAIL.input_schema,
      runId: "run-42",
      risk: { level: "medium", reason: "Writes or sends: send_email", source: "rules" },
      batchId: runBatchId(person.userId, "run-42"),
    });
    expect(opened.question).toContain("Tool: `send_email` (langgraph)");
    const card = await onLaptop;
    expect(card).toMatchObject({ id: opened.inquiryId, type: "APPROVAL", status: "pending" });
    await progress.next("INQUIRY_HEARTBEAT");

    const withdrawn = nextEvent(laptop.socket, "inquiry:withdrawn");
    const ack = await answerOver(phone.socket, {
      inquiryId: opened.inquiryId,
      action: "approve",
    });
    expect(ack).toMatchObject({ data: { status: "answered" } });
    expect(await withdrawn).toMatchObject({ inquiryId: opened.inquiryId, status: "answered" });

    const result = await call;
    expect(decisionOf(result)).toEqual({
      inquiryId: opened.inquiryId,
      decision: "approve",
      arguments: SEND_EMAIL.arguments,
    });
    expect(textOf(result)).toBe(
      "The person approved the call to send_email; run it with the arguments as given.",
    );
    expect(progress.metas.at(-1)).toEqual({
      type: "INQUIRY_CLOSED",
      inquiryId: opened.inquiryId,
      status: "answered",
    });
    expect(audit).toEqual([
      expect.objectContaining({
        inquiryId: opened.inquiryId,
        upstream: "langgraph",
        tool: "send_email",
        verdict: "approved",
        forwardedArguments: SEND_EMAIL.arguments,
      }),
    ]);
  });

  it("returns the person's edit only once it fits input_schema", async () => {
    const client = await agent();
    const { call, progress } = requestApproval(client, SEND_EMAIL);
    const { inquiryId } = await progress.next("APPROVAL");

    const misfit = await answerOver(phone.socket, {
      inquiryId,
      action: "edit",
      args: { to: "ada@example.com", subject: "Launch" },
    });
    expect(misfit).toMatchObject({ error: { code: "BAD_REQUEST" } });
    expect(JSON.stringify(misfit)).toContain("must have required property 'body'");
    expect((await hub.hub.inquiries.get(person.userId, inquiryId)).status).toBe("pending");

    const edited = { to: "ada@example.com", subject: "Launch", body: "We ship on Tuesday." };
    const ack = await answerOver(phone.socket, { inquiryId, action: "edit", args: edited });
    expect(ack).toMatchObject({ data: { status: "answered" } });
    const result = await call;
    expect(decisionOf(result)).toEqual({ inquiryId, decision: "edit", arguments: edited });
    expect(textOf(result)).toContain("edited the arguments");
    expect(audit[0]).toMatchObject({ verdict: "edited", forwardedArguments: edited });
  });

  it("returns a reject with the person's message and no arguments", async () => {
    const client = await agent();
    const { call, progress } = requestApproval(client, SEND_EMAIL);
    const { inquiryId } = await progress.next("APPROVAL");
    await answerOver(phone.socket, { inquiryId, action: "reject", reason: "not before Monday" });
    const result = await call;
    expect(decisionOf(result)).toEqual({
      inquiryId,
      decision: "reject",
      message: "not before Monday",
    });
    expect(textOf(result)).toContain('Their message: "not before Monday"');
    expect(audit[0]).toMatchObject({ verdict: "rejected", reason: "not before Monday" });
  });

  it("refuses a decision the call did not allow", async () => {
    const client = await agent();
    const { call, progress } = requestApproval(client, {
      ...SEND_EMAIL,
      allowed_decisions: ["approve", "reject"],
    });
    const { inquiryId, approval } = await progress.next("APPROVAL");
    expect(ApprovalDetailsSchema.parse(approval).allowedDecisions).toEqual(["approve", "reject"]);
    const edit = await answerOver(phone.socket, {
      inquiryId,
      action: "edit",
      args: SEND_EMAIL.arguments,
    });
    expect(edit).toMatchObject({ error: { code: "BAD_REQUEST" } });
    await answerOver(phone.socket, { inquiryId, action: "reject" });
    expect(decisionOf(await call)).toEqual({ inquiryId, decision: "reject" });
  });

  it("times out at the session's ?timeout= deadline as decision timeout", async () => {
    const client = await agent("?timeout=1");
    const started = Date.now();
    const { call, progress } = requestApproval(client, SEND_EMAIL);
    const { inquiryId } = await progress.next("APPROVAL");
    const result = await call;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(decisionOf(result)).toEqual({ inquiryId, decision: "timeout" });
    expect(textOf(result)).toMatch(/^No decision on the call to send_email came within 1 seconds/);
    expect(audit[0]).toMatchObject({ inquiryId, verdict: "timed-out" });
  });

  it("withdraws the card on every device when the agent withdraws the call on purpose", async (context) => {
    // A 2026-07-28 client cancels by closing the request's stream, which carries no reason:
    // the hub cannot tell it from a timeout, so only the next test's rule applies there.
    if (generation !== "2025 session") context.skip();
    const client = await agent();
    const stop = new AbortController();
    const { call, progress } = requestApproval(client, SEND_EMAIL, { signal: stop.signal });
    const { inquiryId } = await progress.next("APPROVAL");
    const onPhone = nextEvent(phone.socket, "inquiry:withdrawn");
    const onLaptop = nextEvent(laptop.socket, "inquiry:withdrawn");
    stop.abort(WITHDRAW_REASON);
    await expect(call).rejects.toThrow();
    for (const withdrawn of await Promise.all([onPhone, onLaptop]))
      expect(withdrawn).toMatchObject({ inquiryId, status: "cancelled" });
    await waitFor(() => Promise.resolve(audit.length > 0 ? audit : undefined));
    expect(audit[0]).toMatchObject({ inquiryId, verdict: "cancelled" });
  });

  it("keeps the card open when the client gives up, and the repeated call gets the decision", async () => {
    const client = await agent();
    const stop = new AbortController();
    const { call, progress } = requestApproval(client, SEND_EMAIL, { signal: stop.signal });
    const { inquiryId } = await progress.next("APPROVAL");
    stop.abort(); // a client's timeout: no reason, or none on the 2026-07-28 wire
    await expect(call).rejects.toThrow();
    await waitFor(async () =>
      (await hub.hub.inquiries.get(person.userId, inquiryId)).agentWaiting === false
        ? true
        : undefined,
    );
    const repeat = requestApproval(client, SEND_EMAIL);
    expect((await repeat.progress.next("APPROVAL")).inquiryId).toBe(inquiryId);
    await answerOver(phone.socket, { inquiryId, action: "reject" });
    expect(decisionOf(await repeat.call)).toMatchObject({ inquiryId, decision: "reject" });
  });

  it("approves at once as delegated while the person's YOLO is on, unless ?yolo=0", async () => {
    const on = await hub.request("/api/settings", {
      method: "PUT",
      token: person.token,
      body: { yolo: { enabled: true } },
    });
    expect(on.status).toBe(200);
    try {
      const created = phone.created.length;
      const result = await requestApproval(await agent(), SEND_EMAIL).call;
      const decided = decisionOf(result);
      expect(decided).toMatchObject({ decision: "approve", arguments: SEND_EMAIL.arguments });
      expect(textOf(result)).toContain("YOLO");
      const record = await hub.hub.inquiries.get(person.userId, decided.inquiryId);
      expect(record.resolution).toMatchObject({ response: "approve", delegated: true });
      expect(phone.created.length, "nobody was asked").toBe(created);

      const strict = requestApproval(await agent("?yolo=0"), SEND_EMAIL);
      const { inquiryId } = await strict.progress.next("APPROVAL");
      await answerOver(phone.socket, { inquiryId, action: "reject" });
      expect(decisionOf(await strict.call).decision).toBe("reject");
    } finally {
      await hub.request("/api/settings", {
        method: "PUT",
        token: person.token,
        body: { yolo: { enabled: false } },
      });
    }
  });
});
