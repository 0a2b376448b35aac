import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHubWithPerson } from "@inquiry-hub/test-kit";
import type { HubWithPerson } from "@inquiry-hub/test-kit";
import { HubApprovalError, connectHubApprovals } from "../src/index";
import type { HubApprovals, ToolCallForApproval } from "../src/index";

const SEND_EMAIL: ToolCallForApproval = {
  tool: "send_email",
  arguments: { to: "ada@example.com", subject: "Launch", body: "We ship on Monday." },
  description: "Send an email on the person's behalf.",
  inputSchema: {
    type: "object",
    properties: { to: { type: "string" }, subject: { type: "string" }, body: { type: "string" } },
    required: ["to", "subject", "body"],
    additionalProperties: false,
  },
  allowedDecisions: ["approve", "edit", "reject"],
  key: "thread-1:call-1",
  runId: "thread-1",
};

/** The client against a real hub (a process test-kit starts), a person's phone deciding. */
describe("connectHubApprovals", () => {
  let hub: HubWithPerson;
  const opened: HubApprovals[] = [];

  beforeAll(async () => {
    hub = await startHubWithPerson({ timeoutGraceSeconds: 0.2 });
  });
  afterEach(async () => {
    await Promise.allSettled(opened.splice(0).map((approvals) => approvals.close()));
  });
  afterAll(() => hub.close());

  async function connect(source = "langgraph", agentKey = hub.agentKey): Promise<HubApprovals> {
    const approvals = await connectHubApprovals({ mcpUrl: hub.mcpUrl, agentKey, source });
    opened.push(approvals);
    return approvals;
  }

  it("shows the call on the phone and returns an approve with the original arguments", async () => {
    const approvals = await connect();
    const decision = approvals.request(SEND_EMAIL);
    const card = await hub.phone.nextApproval();
    // The bridge's call is screened like a proxy call: its thread's batch, and a risk label.
    expect(card.approval?.batchId).toMatch(/^run-/);
    expect(card.approval).toEqual({
      upstream: "langgraph",
      tool: "send_email",
      arguments: SEND_EMAIL.arguments,
      allowedDecisions: ["approve", "edit", "reject"],
      description: "Send an email on the person's behalf.",
      inputSchema: SEND_EMAIL.inputSchema,
      runId: "thread-1",
      batchId: card.approval?.batchId,
      risk: { level: "medium", reason: "Writes or sends: send_email", source: "rules" },
    });
    await hub.phone.decide(card.id, { action: "approve" });
    expect(await decision).toEqual({
      inquiryId: card.id,
      decision: "approve",
      arguments: SEND_EMAIL.arguments,
    });
    expect(await approvals.request(SEND_EMAIL), "a decided key answers at once").toEqual(
      await decision,
    );
  });

  it("parses an edit's arguments and a reject's message", async () => {
    const approvals = await connect();
    const editing = approvals.request({ ...SEND_EMAIL, key: "thread-2:call-1" });
    const first = await hub.phone.nextApproval();
    const edited = { ...SEND_EMAIL.arguments, body: "We ship on Tuesday." };
    await hub.phone.decide(first.id, { action: "edit", args: edited });
    expect(await editing).toEqual({ inquiryId: first.id, decision: "edit", arguments: edited });

    const rejecting = approvals.request({ ...SEND_EMAIL, key: "thread-2:call-2" });
    const second = await hub.phone.nextApproval();
    await hub.phone.decide(second.id, { action: "reject", reason: "not before Monday" });
    expect(await rejecting).toEqual({
      inquiryId: second.id,
      decision: "reject",
      message: "not before Monday",
    });
  });

  it("throws HubApprovalError naming what the hub refused", async () => {
    const refusals: [() => Promise<unknown>, RegExp][] = [
      [
        async () => (await connect("LangGraph")).request({ ...SEND_EMAIL, key: "refused:1" }),
        /source: 1 to 64 lowercase letters/,
      ],
      [
        async () =>
          (await connect()).request({
            ...SEND_EMAIL,
            key: "refused:2",
            arguments: { to: "ada@example.com" },
          }),
        /BAD_REQUEST: arguments do not fit input_schema: arguments must have required property/,
      ],
      [
        async () =>
          (await connect()).request({
            ...SEND_EMAIL,
            key: "refused:3",
            arguments: { ...SEND_EMAIL.arguments, body: "x".repeat(70 * 1024) },
          }),
        /HTTP 413.*request body is larger than/,
      ],
      [
        () =>
          connectHubApprovals({
            mcpUrl: hub.mcpUrl,
            agentKey: "ihk_not-a-key",
            source: "langgraph",
          }),
        /HTTP 401/,
      ],
    ];
    for (const [refuse, problem] of refusals) {
      const error: unknown = await refuse().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(HubApprovalError);
      expect(String(error)).toMatch(problem);
    }
  });

  it("refuses a key reused for another call with HubApprovalError", async () => {
    const approvals = await connect();
    const first = approvals.request({ ...SEND_EMAIL, key: "reused:1" });
    const card = await hub.phone.nextApproval();
    await expect(
      approvals.request({ ...SEND_EMAIL, key: "reused:1", tool: "delete_email" }),
    ).rejects.toThrow(/CONFLICT: The idempotency key "reused:1" already names a different call/);
    await hub.phone.decide(card.id, { action: "reject" });
    expect(await first).toEqual({ inquiryId: card.id, decision: "reject" });
  });
});

describe("connectHubApprovals when nobody decides", () => {
  let hub: HubWithPerson;
  beforeAll(async () => {
    hub = await startHubWithPerson({ inquiryTimeoutSeconds: 1, timeoutGraceSeconds: 0.2 });
  });
  afterAll(() => hub.close());

  it("returns decision timeout at the hub's deadline", async () => {
    const approvals = await connectHubApprovals({
      mcpUrl: hub.mcpUrl,
      agentKey: hub.agentKey,
      source: "openai-agents",
    });
    try {
      const decision = approvals.request(SEND_EMAIL);
      const card = await hub.phone.nextApproval();
      expect(await decision).toEqual({ inquiryId: card.id, decision: "timeout" });
      expect(hub.phone.withdrawn()).toContain(card.id);
    } finally {
      await approvals.close();
    }
  });
});
