import { Agent, tool } from "@openai/agents";
import { z } from "zod";
import { scriptedModel } from "./scripted-model";

/**
 * The agent of the example: one tool that needs the person's approval before it runs.
 * `print` shows when the tool really runs, so a restart can be seen not to send twice.
 */
export function createReportAgent(print: (line: string) => void): Agent {
  const sendEmail = tool({
    name: "send_email",
    description: "Send an email on the person's behalf.",
    parameters: z.object({
      to: z.string().describe("Recipient address"),
      subject: z.string(),
      body: z.string(),
    }),
    needsApproval: true,
    execute: ({ to, subject }) => {
      print(`tool ran: send_email to ${to} ("${subject}")`);
      return `sent to ${to}`;
    },
  });
  return new Agent({
    name: "Report assistant",
    instructions: "You send reports by email when asked.",
    model: scriptedModel,
    tools: [sendEmail],
  });
}
