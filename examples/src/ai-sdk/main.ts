import { randomUUID } from "node:crypto";
import { ToolLoopAgent } from "ai";
import type { ModelMessage } from "ai";
import {
  connectAiSdkHubApprovals,
  findUnansweredApprovalRequests,
  runWithHubApprovals,
} from "@inquiry-hub/bridge-ai-sdk";
import { openConversationFile } from "./conversation-file";
import type { SavedConversation } from "./conversation-file";
import { readExampleEnv } from "../shared/example-env";
import { createScriptedModel } from "./scripted-model";
import { sendEmail } from "./send-email-tool";

/**
 * An AI SDK agent whose `sendEmail` calls need approval, asked on the person's devices
 * through the hub. The conversation lives in STATE_DIR: kill the process while the card
 * waits, start it again with the same STATE_DIR, and it resumes the same approval.
 *
 *   HUB_AGENT_KEY=ihk_… npm run example:ai-sdk
 */
const env = readExampleEnv("ai-sdk");
const file = openConversationFile(env.stateDir);
const saved = await file.load();

function lastText(messages: ModelMessage[]): string {
  const last = messages.at(-1);
  if (last?.role !== "assistant") return "";
  if (typeof last.content === "string") return last.content;
  return last.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

if (saved !== undefined && findUnansweredApprovalRequests(saved.messages).length === 0) {
  console.log(`conversation ${saved.conversationId} already finished: ${lastText(saved.messages)}`);
  console.log(`delete ${env.stateDir} to start a new one`);
  process.exit(0);
}

const hub = await connectAiSdkHubApprovals({
  mcpUrl: env.mcpUrl,
  agentKey: env.agentKey,
}).catch((error: unknown) => {
  console.error(`could not connect to the hub at ${env.mcpUrl.href}: ${String(error)}`);
  console.error("is the hub running (npm start), and is HUB_AGENT_KEY a valid agent key?");
  process.exit(1);
});

const conversation: SavedConversation = saved ?? {
  conversationId: randomUUID(),
  messages: [{ role: "user", content: "Please email the Q3 report to Alice." }],
};
console.log(
  saved === undefined
    ? `starting conversation ${conversation.conversationId} (state in ${env.stateDir})`
    : `resuming conversation ${conversation.conversationId}`,
);

const agent = new ToolLoopAgent({
  model: createScriptedModel(),
  instructions: "When a tool call is not approved, do not retry it.",
  tools: { sendEmail },
  toolApproval: { sendEmail: "user-approval" },
});

try {
  const { result, messages } = await runWithHubApprovals(agent, hub, {
    conversationId: conversation.conversationId,
    messages: conversation.messages,
    async onMessages(messages) {
      await file.save({ ...conversation, messages });
      for (const request of findUnansweredApprovalRequests(messages))
        console.log(`waiting for approval of ${request.toolName} on your devices`);
    },
  });
  await file.save({ ...conversation, messages });
  console.log(`run finished: ${result.text}`);
} finally {
  await hub.close();
}
