import { z } from "zod";
import { MAX_ANSWER_LENGTH, QuestionsSchema } from "../inquiry";

/** Longest question `send_inquiry` accepts, in characters. */
export const MAX_PROMPT_LENGTH = 10_000;

/** Names of the tools the hub's `/mcp` endpoint offers. */
export const HUB_TOOL_NAMES = {
  sendInquiry: "send_inquiry",
  respondInquiry: "respond_inquiry",
  /** A framework bridge's own tool call, approved by the person (see request-approval.ts). */
  requestApproval: "request_approval",
} as const;

/** The `prompt` parameter's description in tools/list unless a session overrides it. */
export const DEFAULT_PROMPT_DESCRIPTION =
  "The question for the person, as markdown. Ask one focused question, or a markdown list " +
  "of questions the person answers in one go.";

/**
 * Arguments of the MCP tool `send_inquiry`. Unknown extra fields are allowed (and ignored) so
 * newer agents can send more without breaking an older hub. The `.describe()` texts are what
 * a model reads in tools/list.
 *
 * @example { prompt: "Which city?", options: ["Paris", "Rome"] }
 * @example { prompt: "Book a table", questions: [{ id: "size", text: "How many?", kind: "number" }] }
 */
export const SendInquiryArgsSchema = z.object({
  /** The question for the person, as markdown. */
  prompt: z.string().min(1).max(MAX_PROMPT_LENGTH).describe(DEFAULT_PROMPT_DESCRIPTION),
  /** Ready-made answers shown as buttons. */
  options: z
    .array(z.string().min(1).max(500))
    .max(20)
    .optional()
    .describe("Ready-made answers the person can pick with one click."),
  /** An answer the agent proposes; the person may submit it as is. */
  suggested_answer: z
    .string()
    .max(MAX_ANSWER_LENGTH)
    .optional()
    .describe("Your best guess at the answer; the person may accept it as is or edit it."),
  /** A questionnaire rendered as a form; the result lists each question with its answer. */
  questions: QuestionsSchema.optional().describe(
    "Several structured questions shown as a form (kinds: text, single_choice, multi_choice, " +
      "number, boolean). The result lists each question with its answer, plus the values as JSON.",
  ),
});
export type SendInquiryArgs = z.infer<typeof SendInquiryArgsSchema>;

/**
 * Arguments of the MCP tool `respond_inquiry`: answers one of the caller's own pending
 * inquiries through MCP instead of a device.
 */
export const RespondInquiryArgsSchema = z.object({
  /** The `inquiryId` from the INQUIRY progress notification. */
  inquiry_id: z.uuid(),
  /** The free-text answer. */
  response: z.string().max(MAX_ANSWER_LENGTH),
});
export type RespondInquiryArgs = z.infer<typeof RespondInquiryArgsSchema>;
