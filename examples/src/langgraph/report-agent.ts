import { AIMessage, ToolMessage } from "@langchain/core/messages";
import type { BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

const sendEmail = tool(
  ({ to, subject }) => {
    console.log(`send_email ran: "${subject}" to ${to}`);
    return `Sent "${subject}" to ${to}.`;
  },
  {
    name: "send_email",
    description: "Sends an email from the team's shared mailbox.",
    schema: z.object({
      to: z.string().describe("Who receives the email"),
      subject: z.string().describe("The subject line"),
      body: z.string().describe("The text of the email"),
    }),
  },
);

/**
 * The model's next turn, decided by the conversation alone so that a restarted process (whose
 * model starts from scratch) carries on where the thread stopped: after the user's request it
 * calls `send_email`; after the tool's result (or the person's refusal) it reports back.
 */
function nextTurn(messages: BaseMessage[]): AIMessage {
  const last = messages.at(-1);
  if (ToolMessage.isInstance(last)) return new AIMessage(`Weekly report: ${last.text}`);
  return new AIMessage({
    content: "",
    tool_calls: [
      {
        type: "tool_call",
        id: `call_send_email_${messages.length}`,
        name: "send_email",
        args: {
          to: "team@example.com",
          subject: "Weekly report",
          body: "Shipped: multi-device approvals. Next: the LangGraph bridge.",
        },
      },
    ],
  });
}

/**
 * A `createAgent` agent whose `send_email` tool needs the person's approval. The model is
 * LangChain's scripted test model, so the example runs without an LLM or API key; replace it
 * with a real chat model (`"openai:gpt-4.1"`, …) and nothing else changes.
 */
export function createReportAgent(checkpointer: BaseCheckpointSaver) {
  return createAgent({
    model: fakeModel().respond(nextTurn).respond(nextTurn),
    tools: [sendEmail],
    checkpointer,
    middleware: [humanInTheLoopMiddleware({ interruptOn: { send_email: true } })],
  });
}
