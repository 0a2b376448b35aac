import { randomUUID } from "node:crypto";
import { ToolLoopAgent } from "ai";
import type { LanguageModel, ModelMessage } from "ai";
import { startHubWithPerson } from "@inquiry-hub/test-kit";
import type { HubWithPerson } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAiSdkHubApprovals, runWithHubApprovals } from "../src/index";
import { createEmailTools } from "./support/email-tools";
import type { ToolRun } from "./support/email-tools";
import { recordingHub } from "./support/recording-hub";
import { createScriptedModel } from "./support/scripted-model";

let hub: HubWithPerson;

beforeAll(async () => {
  hub = await startHubWithPerson();
});

afterAll(async () => {
  await hub.close();
});

const EMAIL = { to: "alice@example.com", subject: "Q3 report" };
const SEND_EMAIL = [{ toolCallId: "call-1", toolName: "sendEmail", input: EMAIL }];

/**
 * Both lives of the app sign their approval requests with the same secret, as the SDK
 * advises when the messages are stored outside the process: the SDK then runs an approved
 * call only if its request (persisted with its signature) was issued by this app.
 */
const APPROVAL_SECRET = "restart-test-approval-secret";

function createAgent(model: LanguageModel, runs: ToolRun[]) {
  return new ToolLoopAgent({
    model,
    tools: createEmailTools(runs),
    experimental_toolApprovalSecret: APPROVAL_SECRET,
  });
}

const connect = async () =>
  recordingHub(await connectAiSdkHubApprovals({ mcpUrl: hub.mcpUrl, agentKey: hub.agentKey }));

/**
 * The first life of the app: starts the conversation, persists it (as JSON, like a file)
 * before waiting, and dies while the card is on the phone: its hub connection goes away
 * without a Stop, so the approval stays pending.
 */
async function runUntilTheProcessDies(conversationId: string) {
  const approvals = await connect();
  let saved = "";
  const messages: ModelMessage[] = [{ role: "user", content: "Send the Q3 report to Alice" }];
  const run = runWithHubApprovals(createAgent(createScriptedModel(SEND_EMAIL), []), approvals, {
    conversationId,
    messages,
    onMessages: (conversation) => void (saved = JSON.stringify(conversation)),
  });
  const card = await hub.phone.nextApproval(
    (inquiry) => inquiry.approval?.runId === conversationId,
  );
  await approvals.close();
  await expect(run).rejects.toThrow();
  return { card, saved: JSON.parse(saved) as ModelMessage[], firstKey: approvals.asked[0]?.key };
}

/** The app after its restart: new model, tools and connection, the conversation from disk. */
async function resume(conversationId: string, saved: ModelMessage[]) {
  const runs: ToolRun[] = [];
  const approvals = await connect();
  const model = createScriptedModel(SEND_EMAIL);
  const finished = runWithHubApprovals(createAgent(model, runs), approvals, {
    conversationId,
    messages: saved,
  }).finally(() => approvals.close());
  return { runs, approvals, model, finished };
}

describe("a restart while an approval waits", () => {
  it("asks again under the same key, lands on the same card, and runs the call once approved", async () => {
    const conversationId = `conversation-${randomUUID()}`;
    const { card, saved, firstKey } = await runUntilTheProcessDies(conversationId);
    expect(hub.phone.withdrawn()).not.toContain(card.id);
    const signatures = saved.flatMap((message) =>
      typeof message.content === "string"
        ? []
        : message.content.flatMap((part) =>
            part.type === "tool-approval-request" ? [typeof part.signature] : [],
          ),
    );
    expect(signatures).toEqual(["string"]);

    const { runs, approvals, model, finished } = await resume(conversationId, saved);
    await expect.poll(() => approvals.asked.length).toBe(1);
    expect(approvals.asked[0]?.key).toBe(firstKey);
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");

    const { result } = await finished;
    expect(approvals.decided).toEqual([
      expect.objectContaining({ inquiryId: card.id, decision: "approve" }),
    ]);
    expect(runs).toEqual([{ tool: "sendEmail", input: EMAIL }]);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(result.text).toBe(`Done. sendEmail returned {"sent":true,"to":"${EMAIL.to}"}`);
  });

  it("picks up a decision the person made while the app was down", async () => {
    const conversationId = `conversation-${randomUUID()}`;
    const { card, saved } = await runUntilTheProcessDies(conversationId);
    const reason = "wrong quarter";
    expect(await hub.phone.decide(card.id, { action: "reject", reason })).toHaveProperty("data");

    const { runs, finished } = await resume(conversationId, saved);
    const { result } = await finished;
    expect(runs).toEqual([]);
    expect(result.text).toBe(`Done. sendEmail was denied: ${reason}`);
  });

  it("stops waiting on the signal without running the call, and resumes under the same keys", async () => {
    const conversationId = `conversation-${randomUUID()}`;
    const approvals = await connect();
    const stop = new AbortController();
    const runs: ToolRun[] = [];
    let saved: ModelMessage[] = [];
    const run = runWithHubApprovals(createAgent(createScriptedModel(SEND_EMAIL), runs), approvals, {
      conversationId,
      messages: [{ role: "user", content: "Send the Q3 report to Alice" }],
      signal: stop.signal,
      onMessages: (conversation) => void (saved = conversation),
    });
    const card = await hub.phone.nextApproval(
      (inquiry) => inquiry.approval?.runId === conversationId,
    );
    stop.abort(new Error("the user closed the chat"));
    await expect(run).rejects.toThrow("the user closed the chat");
    await approvals.close();
    expect(runs).toEqual([]);

    const resumed = await resume(conversationId, saved);
    await expect.poll(() => resumed.approvals.asked.length).toBe(1);
    expect(hub.phone.withdrawn()).not.toContain(card.id);
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");
    await resumed.finished;
    expect(resumed.runs).toEqual([{ tool: "sendEmail", input: EMAIL }]);
  });
});
