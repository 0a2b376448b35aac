import { z } from "zod";
import { MAX_ANSWER_LENGTH } from "./answer";

/** Longest question `send_inquiry` accepts, in characters. */
export const MAX_PROMPT_LENGTH = 10_000;

/** Names of the tools the hub's `/mcp` endpoint offers. */
export const HUB_TOOL_NAMES = {
  sendInquiry: "send_inquiry",
  respondInquiry: "respond_inquiry",
} as const;

/**
 * Arguments of the MCP tool `send_inquiry`. Unknown extra fields are allowed (and ignored) so
 * newer agents can send more without breaking an older hub.
 *
 * @example { prompt: "Which city?", options: ["Paris", "Rome"] }
 */
export const SendInquiryArgsSchema = z.object({
  /** The question for the person, as markdown. */
  prompt: z.string().min(1).max(MAX_PROMPT_LENGTH),
  /** Ready-made answers shown as buttons. */
  options: z.array(z.string().min(1).max(500)).max(20).optional(),
  /** An answer the agent proposes; the person may submit it as is. */
  suggested_answer: z.string().max(MAX_ANSWER_LENGTH).optional(),
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
