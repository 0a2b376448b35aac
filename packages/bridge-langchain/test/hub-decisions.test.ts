import { ToolMessage } from "@langchain/core/messages";
import { startHubWithBridge } from "@inquiry-hub/test-kit";
import type { HubWithBridge, HubWithPerson } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectLangGraphHubApprovals, runWithHubApprovals } from "../src/index";
import type { HubApprovals } from "../src/index";
import {
  SEND_EMAIL_DESCRIPTION,
  ask,
  createEmailAgent,
  newThread,
  scriptedModel,
} from "./support/email-agent";

type Card = Awaited<ReturnType<HubWithPerson["phone"]["nextApproval"]>>;

const REPORT = { to: "team@example.com", subject: "Weekly report" };

let hub: HubWithBridge<HubApprovals>;

beforeAll(async () => {
  hub = await startHubWithBridge(connectLangGraphHubApprovals);
});

afterAll(() => hub?.close());

describe("humanInTheLoopMiddleware decided on the person's phone", () => {
  it("shows the tool, its arguments, description and schema, and runs the call once approved", async () => {
    const model = scriptedModel([REPORT]);
    const { agent, sent } = createEmailAgent({ model });
    const run = runWithHubApprovals(agent, ask(), newThread(), { hub: hub.approvals });

    const card = await hub.phone.nextApproval();
    expect(card.approval).toMatchObject({
      upstream: "langgraph",
      tool: "send_email",
      arguments: REPORT,
      allowedDecisions: ["approve", "edit", "reject"],
      inputSchema: {
        type: "object",
        properties: { to: { type: "string" }, subject: { type: "string" } },
        required: ["to", "subject"],
      },
    });
    expect(card.approval?.description).toContain("Tool execution requires approval");
    expect(card.approval?.description).toContain(SEND_EMAIL_DESCRIPTION);
    expect(sent).toEqual([]);

    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");
    const result = await run;
    expect(sent).toEqual([REPORT]);
    expect(result.messages.at(-1)?.text).toBe(`Final: Sent "Weekly report" to team@example.com.`);
  });

  it("runs the call with the arguments the person edited", async () => {
    const { agent, sent } = createEmailAgent({ model: scriptedModel([REPORT]) });
    const run = runWithHubApprovals(agent, ask(), newThread(), { hub: hub.approvals });

    const card = await hub.phone.nextApproval();
    const edited = { to: "boss@example.com", subject: "Weekly report (final)" };
    expect(await hub.phone.decide(card.id, { action: "edit", args: edited })).toHaveProperty(
      "data",
    );
    const result = await run;
    expect(sent).toEqual([edited]);
    expect(result.messages.at(-1)?.text).toBe(
      `Final: Sent "Weekly report (final)" to boss@example.com.`,
    );
  });

  it("skips a rejected call and tells the model the person's message", async () => {
    const model = scriptedModel([REPORT]);
    const { agent, sent } = createEmailAgent({ model });
    const run = runWithHubApprovals(agent, ask(), newThread(), { hub: hub.approvals });

    const card = await hub.phone.nextApproval();
    expect(
      await hub.phone.decide(card.id, { action: "reject", reason: "Not before Friday" }),
    ).toHaveProperty("data");
    const result = await run;
    expect(sent).toEqual([]);
    const seenByModel = model.calls[1]?.messages.at(-1);
    expect(ToolMessage.isInstance(seenByModel)).toBe(true);
    expect(seenByModel?.text).toContain("The person rejected the call to send_email");
    expect(seenByModel?.text).toContain('Their message: "Not before Friday"');
    expect(result.messages.at(-1)?.text).toContain("Not before Friday");
  });

  it("asks about every call of one turn at once and applies each decision to its own call", async () => {
    const toTeam = { to: "team@example.com", subject: "Report" };
    const toBoss = { to: "boss@example.com", subject: "Report" };
    const { agent, sent } = createEmailAgent({ model: scriptedModel([toTeam, toBoss]) });
    const run = runWithHubApprovals(agent, ask("Send the report to both"), newThread(), {
      hub: hub.approvals,
    });

    const cards = [await hub.phone.nextApproval(), await hub.phone.nextApproval()];
    const cardTo = (to: string): Card => {
      const card = cards.find((shown) => shown.approval?.arguments.to === to);
      if (card === undefined) throw new Error(`no card for the email to ${to}`);
      return card;
    };
    expect(cardTo(toTeam.to).approval?.arguments).toEqual(toTeam);
    expect(cardTo(toBoss.to).approval?.runId).toBe(cardTo(toTeam.to).approval?.runId);
    const boss = { to: "boss@example.com", subject: "Report (short version)" };
    await hub.phone.decide(cardTo(toTeam.to).id, { action: "approve" });
    await hub.phone.decide(cardTo(toBoss.to).id, { action: "edit", args: boss });
    await run;
    expect(sent).toEqual([toTeam, boss]);
  });

  it("offers only the decisions the tool's review config allows, with its description", async () => {
    const { agent, sent } = createEmailAgent({
      model: scriptedModel([REPORT]),
      interruptOn: { allowedDecisions: ["approve", "reject"], description: "Check the recipient" },
    });
    const run = runWithHubApprovals(agent, ask(), newThread(), { hub: hub.approvals });

    const card = await hub.phone.nextApproval();
    expect(card.approval?.allowedDecisions).toEqual(["approve", "reject"]);
    expect(card.approval?.description).toBe(`Check the recipient\n\n${SEND_EMAIL_DESCRIPTION}`);
    expect(
      await hub.phone.decide(card.id, { action: "edit", args: { to: "x@example.com" } }),
    ).toHaveProperty("error");
    await hub.phone.decide(card.id, { action: "approve" });
    await run;
    expect(sent).toEqual([REPORT]);
  });
});
