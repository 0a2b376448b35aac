import { run, setTracingDisabled } from "@openai/agents";
import { startHubWithBridge } from "@inquiry-hub/test-kit";
import type { HubWithBridge } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approveInterruptionsWithHub,
  connectOpenAIAgentsApprovals,
  runWithHubApprovals,
} from "../src/index";
import type { HubApprovals } from "../src/index";
import { SEND_EMAIL_DESCRIPTION, emailAgent } from "./support/email-agent";

setTracingDisabled(true);

const ANN = { to: "ann@example.com", subject: "Q3 report" };
const BOB = { to: "bob@example.com", subject: "Lunch" };

/**
 * The OpenAI Agents SDK's own run loop (needsApproval interruptions, RunState.approve /
 * reject, run(agent, state)) with a scripted model, decided on the person's phone through a
 * real hub.
 */
describe("OpenAI Agents SDK approvals on the person's phone", () => {
  let hub: HubWithBridge<HubApprovals>;
  let runs = 0;
  const nextRunId = (): string => `run-${Date.now()}-${++runs}`;

  beforeAll(async () => {
    hub = await startHubWithBridge(connectOpenAIAgentsApprovals);
  });
  afterAll(() => hub.close());

  it("shows the tool's name, arguments, description and schema; approve runs it as asked", async () => {
    const { agent, sent } = emailAgent([ANN]);
    const finished = runWithHubApprovals(agent, "Send Ann the report", hub.approvals, {
      runId: nextRunId(),
    });

    const card = await hub.phone.nextApproval();
    expect(card.approval).toMatchObject({
      upstream: "openai-agents",
      tool: "send_email",
      arguments: ANN,
      description: SEND_EMAIL_DESCRIPTION,
      allowedDecisions: ["approve", "reject"],
      inputSchema: {
        type: "object",
        properties: { to: { type: "string" }, subject: { type: "string" } },
        required: ["to", "subject"],
      },
    });
    expect(sent).toEqual([]);
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");

    const result = await finished;
    expect(sent).toEqual([ANN]);
    expect(result.finalOutput).toBe("finished: sent to ann@example.com");
  });

  it("rejects with the person's message: the tool does not run and the model reads why", async () => {
    const { agent, sent, model } = emailAgent([ANN]);
    const finished = runWithHubApprovals(agent, "Send Ann the report", hub.approvals, {
      runId: nextRunId(),
    });

    const card = await hub.phone.nextApproval();
    await hub.phone.decide(card.id, { action: "reject", reason: "Not before the board meeting" });

    const result = await finished;
    expect(sent).toEqual([]);
    expect(result.finalOutput).toBe(
      'finished: The person rejected the call to send_email, so it was not run. Their message: "Not before the board meeting". Do not retry the same call; adapt your plan or ask the person what they want instead.',
    );
    expect(model.requests).toHaveLength(2);
  });

  it("offers no edit: the SDK cannot run a call with other arguments, and the hub refuses one", async () => {
    const { agent, sent } = emailAgent([ANN]);
    const finished = runWithHubApprovals(agent, "Send Ann the report", hub.approvals, {
      runId: nextRunId(),
    });

    const card = await hub.phone.nextApproval();
    const edit = await hub.phone.decide(card.id, {
      action: "edit",
      args: { ...ANN, to: "everyone@example.com" },
    });
    expect(edit).toHaveProperty("error");
    await hub.phone.decide(card.id, { action: "approve" });

    await finished;
    expect(sent).toEqual([ANN]);
  });

  it("asks about parallel calls at once and applies each decision to its own call", async () => {
    const { agent, sent } = emailAgent([ANN, BOB]);
    const finished = runWithHubApprovals(agent, "Send both emails", hub.approvals, {
      runId: nextRunId(),
    });

    const first = await hub.phone.nextApproval();
    const second = await hub.phone.nextApproval();
    const [toAnn, toBob] =
      first.approval?.arguments.to === ANN.to ? [first, second] : [second, first];
    expect(toBob.approval?.arguments).toEqual(BOB);
    await hub.phone.decide(toBob.id, { action: "reject", reason: "He is on leave" });
    await hub.phone.decide(toAnn.id, { action: "approve" });

    const result = await finished;
    expect(sent).toEqual([ANN]);
    expect(result.finalOutput).toContain("sent to ann@example.com");
    expect(result.finalOutput).toContain('Their message: "He is on leave"');
  });

  it("stops waiting when the app aborts, and leaves the card open for a later resume", async () => {
    const { agent, sent } = emailAgent([ANN]);
    const stop = new AbortController();
    const finished = runWithHubApprovals(agent, "Send Ann the report", hub.approvals, {
      runId: nextRunId(),
      signal: stop.signal,
    });

    const card = await hub.phone.nextApproval();
    stop.abort();
    await expect(finished).rejects.toThrow();
    expect(sent).toEqual([]);
    // To the hub an abort looks like a crash: the approval stays pending, still decidable.
    expect(await hub.phone.decide(card.id, { action: "reject" })).toHaveProperty("data");
  });

  it("approves one step at a time for an app that drives run() itself", async () => {
    const { agent, sent } = emailAgent([ANN]);
    const paused = await run(agent, "Send Ann the report");
    expect(paused.interruptions).toHaveLength(1);

    const deciding = approveInterruptionsWithHub(paused, hub.approvals, { runId: nextRunId() });
    const card = await hub.phone.nextApproval();
    await hub.phone.decide(card.id, { action: "approve" });
    expect(await deciding).toEqual([
      {
        tool: "send_email",
        callId: "call_email_1",
        inquiryId: card.id,
        decision: "approve",
        message: undefined,
      },
    ]);

    const result = await run(agent, paused.state);
    expect(sent).toEqual([ANN]);
    expect(result.finalOutput).toBe("finished: sent to ann@example.com");
  });
});
