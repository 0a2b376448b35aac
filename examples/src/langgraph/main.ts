import { join } from "node:path";
import {
  connectLangGraphHubApprovals,
  resumeWithHubApprovals,
  runWithHubApprovals,
  waitingApprovals,
} from "@inquiry-hub/bridge-langchain";
import type { HubApprovalRunOptions, HubApprovals } from "@inquiry-hub/bridge-langchain";
import { readExampleEnv } from "../shared/example-env";
import type { ExampleEnv } from "../shared/example-env";
import { JsonFileCheckpointer } from "./json-file-checkpointer";
import { createReportAgent } from "./report-agent";

/** One thread per state directory: a restart finds the run it left waiting under this id. */
const THREAD = { configurable: { thread_id: "weekly-report" } };

function progress(hub: HubApprovals): HubApprovalRunOptions {
  return {
    hub,
    onWaiting: (call) => console.log(`waiting for approval of ${call.tool} on your devices`),
    onDecided: (call, result) => console.log(`${call.tool}: ${result.decision}`),
  };
}

/** Connects, or fails with a message that names the hub and what to check. */
async function connectToHub(env: ExampleEnv): Promise<HubApprovals> {
  try {
    return await connectLangGraphHubApprovals({ mcpUrl: env.mcpUrl, agentKey: env.agentKey });
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not connect to the hub at ${env.mcpUrl.href} (${cause}). ` +
        "Is it running (npm start), and is HUB_AGENT_KEY an agent key that was not revoked?",
    );
  }
}

async function main(): Promise<void> {
  const env = readExampleEnv("langgraph");
  const agent = createReportAgent(new JsonFileCheckpointer(join(env.stateDir, "checkpoints.json")));
  const hub = await connectToHub(env);
  try {
    const waiting = await waitingApprovals(agent, THREAD);
    console.log(
      waiting.length > 0
        ? `resuming thread ${THREAD.configurable.thread_id}: it was waiting for an approval`
        : `starting a run on thread ${THREAD.configurable.thread_id}`,
    );
    const result =
      waiting.length > 0
        ? await resumeWithHubApprovals(agent, THREAD, progress(hub))
        : await runWithHubApprovals(
            agent,
            { messages: [{ role: "user", content: "Send the weekly report to the team." }] },
            THREAD,
            progress(hub),
          );
    console.log(`run finished: ${result.messages.at(-1)?.text ?? ""}`);
  } finally {
    await hub.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
