import { fakeModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { startHubWithPerson } from "@inquiry-hub/test-kit";
import type { HubWithPerson } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectLangGraphHubApprovals,
  resumeWithHubApprovals,
  runWithHubApprovals,
  waitingApprovals,
} from "../src/index";
import type { RequestApprovalResult } from "../src/index";
import {
  createEmailAgent,
  finalAnswer,
  newThread,
  scriptedModel,
  ask,
} from "./support/email-agent";

const REPORT = { to: "team@example.com", subject: "Weekly report" };

let hub: HubWithPerson;

beforeAll(async () => {
  hub = await startHubWithPerson();
});

afterAll(async () => {
  await hub?.close();
});

/**
 * The first "process" runs until its approval is on the phone, then stops waiting and drops
 * its hub connection and agent; only the checkpointer survives, as a database would.
 */
async function runUntilTheCardIsShown(
  checkpointer: MemorySaver,
  thread: ReturnType<typeof newThread>,
) {
  const first = createEmailAgent({ model: scriptedModel([REPORT]), checkpointer });
  const approvals = await connectLangGraphHubApprovals({
    mcpUrl: hub.mcpUrl,
    agentKey: hub.agentKey,
  });
  const stop = new AbortController();
  const run = runWithHubApprovals(first.agent, ask(), thread, {
    hub: approvals,
    signal: stop.signal,
  });
  const card = await hub.phone.nextApproval();
  stop.abort();
  await expect(run).rejects.toThrow();
  await approvals.close();
  return { card, sentBeforeRestart: first.sent };
}

/** The restarted process: a new agent (its model resumes the script after the tool call). */
async function restart(checkpointer: MemorySaver) {
  const agent = createEmailAgent({ model: fakeModel().respond(finalAnswer), checkpointer });
  const approvals = await connectLangGraphHubApprovals({
    mcpUrl: hub.mcpUrl,
    agentKey: hub.agentKey,
  });
  return { ...agent, approvals };
}

describe("a restart while an approval waits", () => {
  it("reattaches to the same card and finishes the run once the person approves", async () => {
    const checkpointer = new MemorySaver();
    const thread = newThread();
    const { card, sentBeforeRestart } = await runUntilTheCardIsShown(checkpointer, thread);

    const restarted = await restart(checkpointer);
    expect(await waitingApprovals(restarted.agent, thread)).toHaveLength(1);
    const decided: RequestApprovalResult[] = [];
    let resumed = false;
    const run = resumeWithHubApprovals(restarted.agent, thread, {
      hub: restarted.approvals,
      onWaiting: () => (resumed = true),
      onDecided: (_call, result) => decided.push(result),
    });
    await expect.poll(() => resumed).toBe(true);
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");
    const result = await run;
    await restarted.approvals.close();

    expect(decided).toEqual([expect.objectContaining({ inquiryId: card.id, decision: "approve" })]);
    expect(sentBeforeRestart).toEqual([]);
    expect(restarted.sent).toEqual([REPORT]);
    expect(result.messages.at(-1)?.text).toBe(`Final: Sent "Weekly report" to team@example.com.`);
    expect(await waitingApprovals(restarted.agent, thread)).toEqual([]);
  });

  it("picks up a decision the person made while the process was down", async () => {
    const checkpointer = new MemorySaver();
    const thread = newThread();
    const { card } = await runUntilTheCardIsShown(checkpointer, thread);
    const edited = { to: "boss@example.com", subject: "Weekly report" };
    expect(await hub.phone.decide(card.id, { action: "edit", args: edited })).toHaveProperty(
      "data",
    );

    const restarted = await restart(checkpointer);
    await resumeWithHubApprovals(restarted.agent, thread, { hub: restarted.approvals });
    await restarted.approvals.close();
    expect(restarted.sent).toEqual([edited]);
  });

  it("refuses to resume a thread that waits for nothing", async () => {
    const restarted = await restart(new MemorySaver());
    await expect(
      resumeWithHubApprovals(restarted.agent, newThread(), { hub: restarted.approvals }),
    ).rejects.toThrow(/not waiting for an approval/);
    await restarted.approvals.close();
  });
});
