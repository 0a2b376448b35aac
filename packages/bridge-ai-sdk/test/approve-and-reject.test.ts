import { randomUUID } from "node:crypto";
import { ToolLoopAgent, asSchema, generateText } from "ai";
import type { ModelMessage } from "ai";
import { startHubWithBridge } from "@inquiry-hub/test-kit";
import type { HubWithBridge } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerApprovalRequestsWithHub,
  connectAiSdkHubApprovals,
  runWithHubApprovals,
} from "../src/index";
import type { HubApprovals } from "../src/index";
import { ARCHIVE_FOLDER_SCHEMA, createEmailTools } from "./support/email-tools";
import type { ToolRun } from "./support/email-tools";
import { createScriptedModel, toolResultsSeen } from "./support/scripted-model";

let hub: HubWithBridge<HubApprovals>;

beforeAll(async () => {
  hub = await startHubWithBridge(connectAiSdkHubApprovals);
});

afterAll(() => hub.close());

const EMAIL = { to: "alice@example.com", subject: "Q3 report" };

/** What the loop passes to an agent's `generate`. */
type GenerateCall = { messages: ModelMessage[]; abortSignal?: AbortSignal };

/** A fresh conversation: its id, the user's request and the tools' log of runs. */
function startConversation() {
  const runs: ToolRun[] = [];
  const conversationId = `conversation-${randomUUID()}`;
  const messages: ModelMessage[] = [{ role: "user", content: "Send the Q3 report to Alice" }];
  const cardOf = (approvalRunId: string) =>
    hub.phone.nextApproval((inquiry) => inquiry.approval?.runId === approvalRunId);
  return { runs, conversationId, messages, tools: createEmailTools(runs), cardOf };
}

/** The model's one tool call: send EMAIL. */
const SEND_EMAIL_CALL = { toolCallId: "call-1", toolName: "sendEmail", input: EMAIL };

/**
 * A ToolLoopAgent whose model asks once to send EMAIL, run with the person deciding on their
 * phone: the conversation, the model, the run and the card the phone shows.
 */
async function runEmailAgent() {
  const conversation = startConversation();
  const { conversationId, messages, tools, cardOf } = conversation;
  const model = createScriptedModel([SEND_EMAIL_CALL]);
  const run = runWithHubApprovals(new ToolLoopAgent({ model, tools }), hub.approvals, {
    conversationId,
    messages,
  });
  return { ...conversation, model, run, card: await cardOf(conversationId) };
}

describe("runWithHubApprovals", () => {
  it("shows the tool's name, arguments, description and schema, and runs it once approved (generateText as the agent)", async () => {
    const { runs, conversationId, messages, tools, cardOf } = startConversation();
    const model = createScriptedModel([SEND_EMAIL_CALL]);
    const agent = {
      tools,
      generate: (call: GenerateCall) => generateText({ model, tools, ...call }),
    };
    const run = runWithHubApprovals(agent, hub.approvals, { conversationId, messages });

    const card = await cardOf(conversationId);
    expect(card.approval).toMatchObject({
      upstream: "ai-sdk",
      tool: "sendEmail",
      arguments: EMAIL,
      allowedDecisions: ["approve", "reject"],
      inputSchema: await asSchema(tools.sendEmail.inputSchema).jsonSchema,
    });
    expect(card.approval?.description).toContain("Send an email from the team mailbox");
    expect(runs).toEqual([]);
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");

    const { result } = await run;
    expect(runs).toEqual([{ tool: "sendEmail", input: EMAIL }]);
    expect(toolResultsSeen(model, 1)).toEqual([
      expect.objectContaining({
        type: "tool-result",
        toolCallId: "call-1",
        output: { type: "json", value: { sent: true, to: EMAIL.to } },
      }),
    ]);
    expect(result.text).toBe(`Done. sendEmail returned {"sent":true,"to":"${EMAIL.to}"}`);
  });

  it("offers no edit, since the AI SDK runs an approved call only with the model's input", async () => {
    const { runs, run, card } = await runEmailAgent();
    const edited = { ...EMAIL, to: "bob@example.com" };
    expect(await hub.phone.decide(card.id, { action: "edit", args: edited })).toHaveProperty(
      "error",
    );
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");

    await run;
    expect(runs).toEqual([{ tool: "sendEmail", input: EMAIL }]);
  });

  it("does not run a rejected call and tells the model the person's message", async () => {
    const { runs, model, run, card } = await runEmailAgent();
    const reason = "Alice is on leave, send it to finance instead";
    expect(await hub.phone.decide(card.id, { action: "reject", reason })).toHaveProperty("data");

    const { result, messages: conversation } = await run;
    expect(runs).toEqual([]);
    expect(toolResultsSeen(model, 1)).toEqual([
      expect.objectContaining({
        toolCallId: "call-1",
        output: { type: "execution-denied", reason },
      }),
    ]);
    expect(result.text).toBe(`Done. sendEmail was denied: ${reason}`);
    expect(conversation.at(-1)).toEqual({ role: "assistant", content: [expect.anything()] });
  });
});

describe("answerApprovalRequestsWithHub", () => {
  it("puts every approval request of a step on the phone at once and answers each", async () => {
    const { runs, conversationId, messages, tools, cardOf } = startConversation();
    const model = createScriptedModel([
      SEND_EMAIL_CALL,
      { toolCallId: "call-2", toolName: "archiveFolder", input: { folder: "Reports" } },
    ]);
    const first = await generateText({ model, tools, messages });
    messages.push(...first.response.messages);

    const answering = answerApprovalRequestsWithHub(first, hub.approvals, {
      tools,
      conversationId,
    });
    const cards = [await cardOf(conversationId), await cardOf(conversationId)];
    const archiveCard = cards.find((card) => card.approval?.tool === "archiveFolder");
    const emailCard = cards.find((card) => card.approval?.tool === "sendEmail");
    expect(archiveCard?.approval).toMatchObject({
      arguments: { folder: "Reports" },
      inputSchema: ARCHIVE_FOLDER_SCHEMA,
    });
    await hub.phone.decide(archiveCard!.id, { action: "reject", reason: "keep it" });
    await hub.phone.decide(emailCard!.id, { action: "approve" });

    const [emailApproval, archiveApproval] = first.content.flatMap((part) =>
      part.type === "tool-approval-request" ? [part.approvalId] : [],
    );
    const answers = await answering;
    expect(answers?.content).toEqual([
      { type: "tool-approval-response", approvalId: emailApproval, approved: true },
      {
        type: "tool-approval-response",
        approvalId: archiveApproval,
        approved: false,
        reason: "keep it",
      },
    ]);
    messages.push(answers!);
    const second = await generateText({ model, tools, messages });
    expect(runs).toEqual([{ tool: "sendEmail", input: EMAIL }]);
    expect(second.text).toContain("archiveFolder was denied: keep it");
  });

  it("returns nothing and asks nobody when no approval waits", async () => {
    const { conversationId, tools } = startConversation();
    const messages: ModelMessage[] = [{ role: "user", content: "hi" }];
    expect(
      await answerApprovalRequestsWithHub(messages, hub.approvals, { tools, conversationId }),
    ).toBeUndefined();
  });
});
