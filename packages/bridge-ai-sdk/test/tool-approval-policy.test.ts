import { randomUUID } from "node:crypto";
import { ToolLoopAgent, tool } from "ai";
import { startHubWithBridge } from "@inquiry-hub/test-kit";
import type { HubWithBridge } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectAiSdkHubApprovals, runWithHubApprovals } from "../src/index";
import type { HubApprovals } from "../src/index";
import { createEmailTools } from "./support/email-tools";
import type { ToolRun } from "./support/email-tools";
import { recordingHub } from "./support/recording-hub";
import { createScriptedModel } from "./support/scripted-model";

// ai 7 only (the ai-sdk-6 projects leave this file out): `toolApproval` and tool context.

let hub: HubWithBridge<HubApprovals>;

beforeAll(async () => {
  hub = await startHubWithBridge(connectAiSdkHubApprovals);
});

afterAll(() => hub.close());

const OUTSIDE = "the recipient is outside the company";

describe("ai 7's toolApproval", () => {
  it("asks the person only about the calls the policy leaves to them, and shows its reason", async () => {
    const runs: ToolRun[] = [];
    const conversationId = `conversation-${randomUUID()}`;
    const asking = recordingHub(hub.approvals);
    const model = createScriptedModel([
      {
        toolCallId: "call-1",
        toolName: "sendEmail",
        input: { to: "ann@example.com", subject: "a" },
      },
      {
        toolCallId: "call-2",
        toolName: "sendEmail",
        input: { to: "bob@partner.org", subject: "b" },
      },
      { toolCallId: "call-3", toolName: "archiveFolder", input: { folder: "Inbox" } },
    ]);
    const agent = new ToolLoopAgent({
      model,
      tools: createEmailTools(runs),
      toolApproval: {
        sendEmail: ({ to }) =>
          to.endsWith("@example.com") ? "approved" : { type: "user-approval", reason: OUTSIDE },
        archiveFolder: { type: "denied", reason: "archiving is switched off" },
      },
    });
    const run = runWithHubApprovals(agent, asking, {
      conversationId,
      messages: [{ role: "user", content: "Send both emails and archive the inbox" }],
    });

    const card = await hub.phone.nextApproval(
      (inquiry) => inquiry.approval?.runId === conversationId,
    );
    expect(card.approval).toMatchObject({
      tool: "sendEmail",
      arguments: { to: "bob@partner.org" },
    });
    expect(card.approval?.description).toBe(
      `Send an email from the team mailbox — Why it needs your approval: ${OUTSIDE}`,
    );
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");

    const { result } = await run;
    expect(asking.asked.map((call) => call.arguments)).toEqual([
      { to: "bob@partner.org", subject: "b" },
    ]);
    expect(runs).toEqual([
      { tool: "sendEmail", input: { to: "ann@example.com", subject: "a" } },
      { tool: "sendEmail", input: { to: "bob@partner.org", subject: "b" } },
    ]);
    expect(result.text.split("\n")).toEqual([
      'Done. sendEmail returned {"sent":true,"to":"ann@example.com"}',
      "archiveFolder was denied: archiving is switched off",
      'sendEmail returned {"sent":true,"to":"bob@partner.org"}',
    ]);
  });

  it("shows the description a tool computes from its context, as the model read it", async () => {
    const conversationId = `conversation-${randomUUID()}`;
    const sendEmail = tool({
      description: ({ context }) => `Send an email from ${context.mailbox}`,
      contextSchema: z.object({ mailbox: z.string() }),
      inputSchema: z.object({ to: z.string(), subject: z.string() }),
      execute: () => Promise.resolve({ sent: true }),
    });
    const toolsContext = { sendEmail: { mailbox: "sales@example.com" } };
    const model = createScriptedModel([
      { toolCallId: "call-1", toolName: "sendEmail", input: { to: "a@b.c", subject: "hi" } },
    ]);
    const agent = new ToolLoopAgent({
      model,
      tools: { sendEmail },
      toolsContext,
      toolApproval: { sendEmail: "user-approval" },
    });
    const run = runWithHubApprovals(agent, hub.approvals, {
      conversationId,
      toolsContext,
      messages: [{ role: "user", content: "Email a@b.c" }],
    });

    const card = await hub.phone.nextApproval(
      (inquiry) => inquiry.approval?.runId === conversationId,
    );
    expect(model.doGenerateCalls[0]?.tools?.[0]).toMatchObject({
      description: "Send an email from sales@example.com",
    });
    expect(card.approval?.description).toBe("Send an email from sales@example.com");
    expect(await hub.phone.decide(card.id, { action: "reject" })).toHaveProperty("data");
    await run;
  });
});
