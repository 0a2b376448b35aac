import { jsonSchema, tool } from "ai";
import type { JSONSchema7 } from "ai";
import { z } from "zod";

/** One run of a tool, as the tool itself saw it. */
export interface ToolRun {
  tool: string;
  input: unknown;
}

/** The JSON Schema the `archiveFolder` tool is declared with, for comparing with the card. */
export const ARCHIVE_FOLDER_SCHEMA: JSONSchema7 = {
  type: "object",
  properties: { folder: { type: "string", description: "The mail folder to archive" } },
  required: ["folder"],
  additionalProperties: false,
};

/**
 * Two tools that need approval, one declared with zod and one with `jsonSchema()`, which log
 * each run into `runs` so a test sees whether (and with what input) the SDK really ran them.
 * They ask through the tool's own `needsApproval`, which both majors read (ai 7 deprecates it
 * for `toolApproval`, which ai 6 does not have).
 */
export function createEmailTools(runs: ToolRun[]) {
  return {
    sendEmail: tool({
      description: "Send an email from the team mailbox",
      inputSchema: z.object({
        to: z.string().describe("Recipient address"),
        subject: z.string(),
      }),
      needsApproval: true,
      execute: (input) => {
        runs.push({ tool: "sendEmail", input });
        return Promise.resolve({ sent: true, to: input.to });
      },
    }),
    archiveFolder: tool({
      description: "Archive a whole mail folder",
      inputSchema: jsonSchema<{ folder: string }>(ARCHIVE_FOLDER_SCHEMA),
      needsApproval: true,
      execute: (input) => {
        runs.push({ tool: "archiveFolder", input });
        return Promise.resolve({ archived: input.folder });
      },
    }),
  };
}
