import { RunState, setTracingDisabled } from "@openai/agents";
import { startHubWithPerson } from "@inquiry-hub/test-kit";
import type { HubWithPerson } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectOpenAIAgentsApprovals, runWithHubApprovals } from "../src/index";
import type { HubApprovals } from "../src/index";
import { emailAgent } from "./support/email-agent";

setTracingDisabled(true);

const ANN = { to: "ann@example.com", subject: "Q3 report" };

/**
 * A process that stops while its run waits for the person, modelled in one process: the
 * first "process" (its own agent, model, tool and hub connection) saves the state through
 * onState and loses its connection; the second rebuilds everything from the saved string.
 * (examples/test/openai-agents-restart.test.ts does the same with a real crash.)
 */
describe("a run restored from its saved state", () => {
  let hub: HubWithPerson;
  const connections: HubApprovals[] = [];

  beforeAll(async () => {
    hub = await startHubWithPerson();
  });
  afterAll(async () => {
    await Promise.allSettled(connections.map((connection) => connection.close()));
    await hub.close();
  });

  async function connect(): Promise<HubApprovals> {
    const connection = await connectOpenAIAgentsApprovals({
      mcpUrl: hub.mcpUrl,
      agentKey: hub.agentKey,
    });
    connections.push(connection);
    return connection;
  }

  /** Starts a run, waits for its card, then drops the process's connection mid-wait. */
  async function startAndStop(runId: string) {
    const first = emailAgent([ANN]);
    const connection = await connect();
    let saved: string | undefined;
    const waiting = runWithHubApprovals(first.agent, "Send Ann the report", connection, {
      runId,
      onState: (state) => {
        saved = state;
      },
    });
    waiting.catch(() => undefined);
    const card = await hub.phone.nextApproval();
    await connection.close();
    await expect(waiting).rejects.toThrow();
    if (saved === undefined) throw new Error("onState was not called before the wait");
    return { first, card, saved };
  }

  it("asks again with the same key: the pending card decides the resumed run", async () => {
    const runId = `restart-${Date.now()}`;
    const { first, card, saved } = await startAndStop(runId);
    expect(hub.phone.withdrawn()).not.toContain(card.id);

    const second = emailAgent([ANN]);
    const state = await RunState.fromString(second.agent, saved);
    const resumed = runWithHubApprovals(second.agent, state, await connect(), { runId });
    await expect(hub.phone.decide(card.id, { action: "approve" })).resolves.toHaveProperty("data");

    const result = await resumed;
    expect(result.finalOutput).toBe("finished: sent to ann@example.com");
    expect(second.sent).toEqual([ANN]);
    expect(first.sent).toEqual([]);
    expect(second.model.requests).toHaveLength(1);
  });

  it("applies a decision made while the process was down as soon as it resumes", async () => {
    const runId = `restart-decided-${Date.now()}`;
    const { card, saved } = await startAndStop(runId);
    await hub.phone.decide(card.id, { action: "reject", reason: "Wrong quarter" });

    const second = emailAgent([ANN]);
    const state = await RunState.fromString(second.agent, saved);
    const result = await runWithHubApprovals(second.agent, state, await connect(), { runId });

    expect(second.sent).toEqual([]);
    expect(result.finalOutput).toBe(
      'finished: The person rejected the call to send_email, so it was not run. Their message: "Wrong quarter". Do not retry the same call; adapt your plan or ask the person what they want instead.',
    );
  });
});
