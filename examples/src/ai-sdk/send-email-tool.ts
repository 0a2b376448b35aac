import { tool } from "ai";
import { z } from "zod";

/**
 * The tool the person must approve (the agent's `toolApproval` says so). It only prints: a
 * real one would send the email, which is exactly why it waits for a yes on the person's phone.
 */
export const sendEmail = tool({
  description: "Send an email from the team mailbox",
  inputSchema: z.object({
    to: z.string().describe("Recipient address"),
    subject: z.string(),
    body: z.string(),
  }),
  execute: ({ to, subject }) => {
    console.log(`sendEmail ran: "${subject}" sent to ${to}`);
    return Promise.resolve({ sent: true, to });
  },
});
