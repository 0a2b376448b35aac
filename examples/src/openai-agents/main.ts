import { randomUUID } from "node:crypto";
import { RunState, setTracingDisabled } from "@openai/agents";
import {
  connectOpenAIAgentsApprovals,
  runWithHubApprovals,
} from "@inquiry-hub/bridge-openai-agents";
import { readExampleEnv } from "../shared/example-env";
import { createReportAgent } from "./report-agent";
import { savedRunFile } from "./saved-run";

const print = (line: string): void => console.log(`[openai-agents] ${line}`);

/**
 * An OpenAI Agents SDK agent whose `needsApproval` tool is approved on the person's devices.
 * Before each wait the run's state is saved in STATE_DIR; started again after a crash, the
 * example resumes that run and the hub shows the same card (or applies the decision the
 * person made meanwhile) instead of asking twice.
 */
async function main(): Promise<void> {
  // The SDK exports traces to OpenAI by default; this example talks to the hub only.
  setTracingDisabled(true);
  const env = readExampleEnv("openai-agents");
  const saved = savedRunFile(env.stateDir);
  const agent = createReportAgent(print);
  const hub = await connectOpenAIAgentsApprovals({ mcpUrl: env.mcpUrl, agentKey: env.agentKey });
  try {
    const waiting = await saved.load();
    const runId = waiting?.runId ?? randomUUID();
    print(
      waiting === undefined ? `starting run ${runId}` : `resuming run ${runId} from ${saved.path}`,
    );
    const input =
      waiting === undefined
        ? "Email the Q3 report to Ann."
        : await RunState.fromString(agent, waiting.state);
    const result = await runWithHubApprovals(agent, input, hub, {
      runId,
      async onState(state, waitingFor) {
        await saved.save({ runId, state });
        const tools = waitingFor.map((call) => call.name).join(", ");
        print(`waiting for approval of ${tools} on your devices`);
      },
      onDecided(decisions) {
        for (const { tool, decision, message } of decisions)
          print(`decided: ${decision} ${tool}${message === undefined ? "" : ` ("${message}")`}`);
      },
    });
    await saved.clear();
    print(`run finished: ${result.finalOutput ?? "(no answer)"}`);
  } finally {
    await hub.close();
  }
}

main().catch((error: unknown) => {
  console.error(`[openai-agents] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
