import { Agent, tool } from "@openai/agents";
import { z } from "zod";
import { callTool, say, scriptedModel, toolResultsSeen } from "./scripted-model";
import type { ScriptedModel } from "./scripted-model";

export const SEND_EMAIL_DESCRIPTION = "Send an email on the person's behalf.";

/** One email the agent asked to send, as the tool received it. */
export interface SentEmail {
  to: string;
  subject: string;
}

/** An agent whose one tool needs approval, with a record of what the tool really did. */
export interface EmailAgent {
  agent: Agent;
  model: ScriptedModel;
  /** Every time `send_email` actually ran, with the arguments it ran with. */
  sent: SentEmail[];
}

/**
 * An agent that asks to send the given emails in one turn (call ids `call_email_1`, …) and,
 * once the tool results are in, answers with what it was told: "finished: <result>; <result>".
 */
export function emailAgent(emails: readonly SentEmail[]): EmailAgent {
  const sent: SentEmail[] = [];
  const sendEmail = tool({
    name: "send_email",
    description: SEND_EMAIL_DESCRIPTION,
    parameters: z.object({ to: z.string(), subject: z.string() }),
    needsApproval: true,
    execute: (email) => {
      sent.push(email);
      return `sent to ${email.to}`;
    },
  });
  const model = scriptedModel((request) => {
    const results = toolResultsSeen(request);
    if (results.size === 0)
      return emails.map((email, index) => callTool(`call_email_${index + 1}`, "send_email", email));
    return [say(`finished: ${[...results.values()].join("; ")}`)];
  });
  const agent = new Agent({
    name: "Mailer",
    instructions: "Send emails.",
    model,
    tools: [sendEmail],
  });
  return { agent, model, sent };
}
