import { AIMessage, ToolMessage } from "@langchain/core/messages";
import type { BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { FakeBuiltModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { createAgent, humanInTheLoopMiddleware, tool } from "langchain";
import type { InterruptOnConfig } from "langchain";
import { z } from "zod";

export const SEND_EMAIL_DESCRIPTION = "Sends an email from the team's shared mailbox.";

const EmailSchema = z.object({
  to: z.string().describe("Who receives the email"),
  subject: z.string().describe("The subject line"),
});
export type Email = z.infer<typeof EmailSchema>;

/** The model's last word: what the tool (or the person's refusal) told it, so tests can read it. */
export function finalAnswer(messages: BaseMessage[]): AIMessage {
  const last = messages.at(-1);
  return new AIMessage(`Final: ${ToolMessage.isInstance(last) ? last.text : "no tool result"}`);
}

/**
 * A scripted model from LangChain's own testing utilities: each entry is one model turn,
 * `emails` become `send_email` tool calls in one turn, then a final answer.
 */
export function scriptedModel(...turns: Email[][]): FakeBuiltModel {
  const model = fakeModel();
  for (const emails of turns)
    model.respondWithTools(emails.map((args) => ({ name: "send_email", args })));
  return model.respond(finalAnswer);
}

export interface EmailAgentOptions {
  model: FakeBuiltModel;
  interruptOn?: boolean | InterruptOnConfig;
  checkpointer?: BaseCheckpointSaver;
}

/**
 * A real `createAgent` agent with `humanInTheLoopMiddleware` on a `send_email` tool that
 * records every email it actually sends.
 */
export function createEmailAgent({
  model,
  interruptOn = true,
  checkpointer = new MemorySaver(),
}: EmailAgentOptions) {
  const sent: Email[] = [];
  const sendEmail = tool(
    (email: Email) => {
      sent.push(email);
      return `Sent "${email.subject}" to ${email.to}.`;
    },
    { name: "send_email", description: SEND_EMAIL_DESCRIPTION, schema: EmailSchema },
  );
  const agent = createAgent({
    model,
    tools: [sendEmail],
    checkpointer,
    middleware: [humanInTheLoopMiddleware({ interruptOn: { send_email: interruptOn } })],
  });
  return { agent, sent, checkpointer };
}

/** What the person asks the agent, as its first and only message. */
export function ask(content = "Send the weekly report"): {
  messages: { role: "user"; content: string }[];
} {
  return { messages: [{ role: "user", content }] };
}

let threads = 0;

/** A fresh thread per run, so no test reattaches to another's approvals. */
export function newThread(): { configurable: { thread_id: string } } {
  threads += 1;
  return { configurable: { thread_id: `thread-${process.pid}-${Date.now()}-${threads}` } };
}
