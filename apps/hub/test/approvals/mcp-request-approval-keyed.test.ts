import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_META_KEY, WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { connectHubApprovals } from "@inquiry-hub/hub-approvals";
import type { Client } from "@modelcontextprotocol/client";
import type { ApprovalAuditEntry } from "../../src/features/approvals/audit-log";
import { createProgressRecorder, waitFor } from "../helpers";
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
import type { ApprovalBench, Generation } from "../support/request-approval";

/** Short enough that a killed agent's 2025 session is reaped within the test. */
const IDLE_SECONDS = 1;

/**
 * Keyed `request_approval` calls (the idempotency `_meta` key, the framework's own tool-call
 * id): one approval per user and key, which a restarted client process finds again.
 * `@inquiry-hub/hub-approvals` is imported through the workspace link without being a
 * declared dependency: it declares `@inquiry-hub/hub` itself, and turbo refuses a cycle.
 */
describe("keyed request_approval calls", () => {
  let bench: ApprovalBench;
  let hub: TestHub;
  let person: TestLogin;
  let agentKey: string;
  let phone: TestDevice;
  let audit: ApprovalAuditEntry[];

  beforeAll(async () => {
    bench = await startApprovalBench(
      { mcpSessionIdleSeconds: IDLE_SECONDS, inquiryTimeoutSeconds: 600 },
      "keyed",
    );
    ({ hub, person, agentKey, phone, audit } = bench);
  });
  afterEach(() => bench.reset());
  afterAll(() => bench.close());

  const agent = (generation: Generation, token = agentKey): Promise<Client> =>
    bench.agent(generation, { token });
  const statusOf = (inquiryId: string) => bench.statusOf(inquiryId);

  describe.each(GENERATIONS)("over the %s path", (generation) => {
    it("survives the client's death: the new process's repeat gets the same approval", async () => {
      const key = `${generation.replace(" ", "-")}:thread-1:call-1`;
      const first = await agent(generation);
      const opened = requestApproval(first, SEND_EMAIL, { key });
      const { inquiryId } = await opened.progress.next("APPROVAL");
      await first.close();
      await opened.call.catch(() => undefined);

      if (generation === "2025 session")
        await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 2_500));
      expect(await statusOf(inquiryId), "the client left, the question stays").toBe("pending");
      expect(phone.withdrawn.map((each) => each.inquiryId)).not.toContain(inquiryId);

      const second = await agent(generation);
      const again = requestApproval(second, SEND_EMAIL, { key });
      expect((await again.progress.next("APPROVAL")).inquiryId).toBe(inquiryId);
      await answerOver(phone.socket, { inquiryId, action: "approve" });
      expect(decisionOf(await again.call)).toEqual({
        inquiryId,
        decision: "approve",
        arguments: SEND_EMAIL.arguments,
      });

      const replay = decisionOf(await requestApproval(second, SEND_EMAIL, { key }).call);
      expect(replay, "a decided key answers at once").toMatchObject({
        inquiryId,
        decision: "approve",
      });
      expect(phone.created.filter((card) => card.id === inquiryId)).toHaveLength(1);
      expect(
        audit.map((entry) => entry.inquiryId),
        "one audit entry per approval",
      ).toEqual([inquiryId]);
    });
  });

  it("ends racing calls with one key on one approval, decided once for both", async () => {
    const client = await agent("2026-07-28");
    const a = requestApproval(client, SEND_EMAIL, { key: "race:1" });
    const b = requestApproval(client, SEND_EMAIL, { key: "race:1" });
    const [openedA, openedB] = await Promise.all([
      a.progress.next("APPROVAL"),
      b.progress.next("APPROVAL"),
    ]);
    expect(openedA.inquiryId).toBe(openedB.inquiryId);
    await answerOver(phone.socket, { inquiryId: openedA.inquiryId, action: "reject" });
    const decided = await Promise.all([a.call, b.call]);
    expect(decided.map((result) => decisionOf(result).decision)).toEqual(["reject", "reject"]);
    expect(audit).toHaveLength(1);
  });

  it("withdraws a keyed approval on the client's cancel; a repeat returns cancelled", async () => {
    const client = await agent("2025 session");
    const stop = new AbortController();
    const opened = requestApproval(client, SEND_EMAIL, { key: "stop:1", signal: stop.signal });
    const { inquiryId } = await opened.progress.next("APPROVAL");
    const withdrawn = nextEvent(phone.socket, "inquiry:withdrawn");
    stop.abort(WITHDRAW_REASON);
    await opened.call.catch(() => undefined);
    expect(await withdrawn).toMatchObject({ inquiryId, status: "cancelled" });
    const repeat = await requestApproval(client, SEND_EMAIL, { key: "stop:1" }).call;
    expect(decisionOf(repeat)).toEqual({ inquiryId, decision: "cancelled" });
    expect(textOf(repeat)).toContain("was cancelled before anyone decided");
  });

  it("refuses a key repeated for another call, and asks nobody", async () => {
    const client = await agent("2026-07-28");
    const first = requestApproval(client, SEND_EMAIL, { key: "reused:1" });
    const { inquiryId } = await first.progress.next("APPROVAL");
    const created = phone.created.length;
    const other = await requestApproval(
      client,
      { ...SEND_EMAIL, arguments: { ...SEND_EMAIL.arguments, to: "eve@example.com" } },
      { key: "reused:1" },
    ).call;
    expect(other.isError).toBe(true);
    expect(textOf(other)).toBe(
      'CONFLICT: The idempotency key "reused:1" already names a different call than this send_email call (another tool or other arguments), so nothing was asked or run. Use a new key for a new call.',
    );
    expect(phone.created.length).toBe(created);
    await answerOver(phone.socket, { inquiryId, action: "approve" });
    expect(decisionOf(await first.call).decision).toBe("approve");
  });

  it("keeps request_approval keys apart from send_inquiry's: the same key opens both", async () => {
    const client = await agent("2025 session");
    const asked = createProgressRecorder();
    const question = client.callTool(
      {
        name: "send_inquiry",
        arguments: { prompt: "Which address?" },
        _meta: { [IDEMPOTENCY_META_KEY]: "shared:1" },
      },
      { onprogress: asked.onprogress },
    );
    const inquiry = await asked.next("INQUIRY");
    const approval = requestApproval(client, SEND_EMAIL, { key: "shared:1" });
    const opened = await approval.progress.next("APPROVAL");
    expect(opened.inquiryId).not.toBe(inquiry.inquiryId);

    await answerOver(phone.socket, { inquiryId: inquiry.inquiryId, response: "home" });
    await answerOver(phone.socket, { inquiryId: opened.inquiryId, action: "approve" });
    expect(await question).toMatchObject({ content: [{ type: "text", text: "home" }] });
    expect(decisionOf(await approval.call)).toMatchObject({
      inquiryId: opened.inquiryId,
      decision: "approve",
    });
  });

  it("approves a keyed call at once as delegated under YOLO, and asks nobody", async () => {
    const setYolo = (enabled: boolean) =>
      hub.request("/api/settings", {
        method: "PUT",
        token: person.token,
        body: { yolo: { enabled } },
      });
    expect((await setYolo(true)).status).toBe(200);
    try {
      const created = phone.created.length;
      const client = await agent("2026-07-28");
      const first = decisionOf(await requestApproval(client, SEND_EMAIL, { key: "yolo:1" }).call);
      expect(first).toMatchObject({ decision: "approve", arguments: SEND_EMAIL.arguments });
      const record = await hub.hub.inquiries.get(person.userId, first.inquiryId);
      expect(record.resolution).toMatchObject({ response: "approve", delegated: true });
      const again = decisionOf(await requestApproval(client, SEND_EMAIL, { key: "yolo:1" }).call);
      expect(again.inquiryId).toBe(first.inquiryId);
      expect(phone.created.length, "nobody was asked").toBe(created);
      expect(audit).toEqual([
        expect.objectContaining({ inquiryId: first.inquiryId, verdict: "approved" }),
      ]);
    } finally {
      await setYolo(false);
    }
  });

  it("serves connectHubApprovals: a restarted bridge process gets the decision of its key", async () => {
    const mcpUrl = new URL("/mcp", hub.url);
    const call = {
      tool: "send_email",
      arguments: SEND_EMAIL.arguments,
      description: "Send an email on the person's behalf.",
      inputSchema: SEND_EMAIL.input_schema,
      key: "thread-7:call-3",
      runId: "thread-7",
    };
    const crashed = await connectHubApprovals({ mcpUrl, agentKey, source: "langgraph" });
    const stop = new AbortController();
    const announced = nextEvent(phone.socket, "inquiry:new");
    const lost = crashed.request(call, { signal: stop.signal });
    const card = await announced;
    expect(card.approval).toMatchObject({ upstream: "langgraph", tool: "send_email" });
    stop.abort("the process died");
    await expect(lost).rejects.toThrow();
    await crashed.close();
    await waitFor(async () => ((await statusOf(card.id)) === "pending" ? true : undefined));

    const restarted = await connectHubApprovals({ mcpUrl, agentKey, source: "langgraph" });
    try {
      const decision = restarted.request(call);
      const edited = { ...SEND_EMAIL.arguments, body: "We ship on Tuesday." };
      await answerOver(phone.socket, { inquiryId: card.id, action: "edit", args: edited });
      expect(await decision).toEqual({ inquiryId: card.id, decision: "edit", arguments: edited });
      expect(await restarted.request(call)).toMatchObject({ decision: "edit" });
    } finally {
      await restarted.close();
    }
  });
});
