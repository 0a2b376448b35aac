import { z } from "zod";
import { ApprovalDecisionSchema, MAX_ANSWER_LENGTH } from "../inquiry";
import { MAX_PROMPT_LENGTH } from "./mcp-tools";

/** Longest tool name a framework may ask about, in characters. */
export const MAX_FRAMEWORK_TOOL_NAME_LENGTH = 200;

/** Largest `arguments` or `input_schema`, in characters of JSON, so one call cannot flood a card. */
export const MAX_APPROVAL_JSON_LENGTH = 100_000;

const boundedJsonObject = (what: string) =>
  z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= MAX_APPROVAL_JSON_LENGTH, {
      message: `${what} must be at most ${MAX_APPROVAL_JSON_LENGTH} characters of JSON`,
    });

/**
 * Arguments of the MCP tool `request_approval`: a framework bridge (LangGraph.js, the OpenAI
 * Agents SDK, the AI SDK) asks the person to approve a tool call its agent is about to run in
 * its own process. The hub opens an APPROVAL inquiry shown like a gated proxy call (`source` in
 * place of the upstream), waits for the decision and returns it as `RequestApprovalResult`.
 * The framework runs, edits or skips the call; the hub never runs it. A call keyed with the
 * idempotency `_meta` key (the framework's own tool-call id) reattaches to the same approval
 * after a restart.
 *
 * @example
 * { source: "langgraph", tool: "send_email", arguments: { to: "a@b.c" },
 *   description: "Send an email", allowed_decisions: ["approve", "edit", "reject"] }
 */
export const RequestApprovalArgsSchema = z.object({
  /** Which framework asks, shown on the card where a proxy call shows its upstream. */
  source: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "1 to 64 lowercase letters, digits, '.', '_' or '-'")
    .describe("The framework or agent asking, e.g. langgraph, openai-agents, ai-sdk."),
  /**
   * The framework tool the agent wants to call. The agent names it, and the card's markdown
   * question quotes it in a code span, so control characters, invisible format characters
   * and backticks (which could end the span and forge lines) are refused.
   */
  tool: z
    .string()
    .min(1)
    .max(MAX_FRAMEWORK_TOOL_NAME_LENGTH)
    .regex(/^[^\p{Cc}\p{Cf}`]+$/u, "no control or format characters and no backticks")
    .describe("The name of the tool the agent wants to call."),
  /** The arguments exactly as the agent would call the tool; approve returns them unchanged. */
  arguments: boundedJsonObject("arguments").describe("The tool call's arguments."),
  /** The tool's description, shown to the person. */
  description: z
    .string()
    .max(MAX_PROMPT_LENGTH)
    .optional()
    .describe("What the tool does, shown to the person with the arguments."),
  /** The tool's JSON Schema for its arguments; the person's edits must match it. */
  input_schema: boundedJsonObject("input_schema")
    .optional()
    .describe("JSON Schema of the tool's arguments; edited arguments are checked against it."),
  /** What the person may decide; the framework's own review config decides this. */
  allowed_decisions: z
    .array(ApprovalDecisionSchema)
    .min(1)
    .optional()
    .describe("The decisions offered (approve, edit, reject); all three when absent."),
  /** Groups the approvals of one agent run on the devices, like a proxy session. */
  run_id: z.string().min(1).max(200).optional().describe("The agent run the call belongs to."),
});
export type RequestApprovalArgs = z.infer<typeof RequestApprovalArgsSchema>;

/**
 * `structuredContent` of a `request_approval` result: what the framework does next.
 * `approve` and `edit` carry the arguments to run with (the original, or the person's edit
 * already validated against `input_schema`); `reject` may carry the person's message;
 * `timeout` and `cancelled` mean nobody decided, and the framework must not run the call.
 */
export const RequestApprovalResultSchema = z.object({
  /** The APPROVAL inquiry that decided, for history and logs. */
  inquiryId: z.string().min(1),
  /** What the person decided; `timeout` and `cancelled` when nobody did. */
  decision: z.enum([...ApprovalDecisionSchema.options, "timeout", "cancelled"]),
  /** Set for approve and edit: the arguments to call the tool with. */
  arguments: z.record(z.string(), z.unknown()).optional(),
  /**
   * Set for a reject with a reason: the person's words for the agent; or, when the hub could
   * not apply the decision it got (it then fails closed to `reject`), why.
   */
  message: z.string().max(MAX_ANSWER_LENGTH).optional(),
});
export type RequestApprovalResult = z.infer<typeof RequestApprovalResultSchema>;

/**
 * The tool's `outputSchema`: a decision (RequestApprovalResult), or `pending` when the call
 * stopped waiting before anyone decided (its hold budget ran out). The question is then still
 * open until `expiresAt`, `message` says so, and the same call again (same key, or same
 * source, tool and arguments) picks it up; the framework must not run the call meanwhile.
 */
export const RequestApprovalReplySchema = RequestApprovalResultSchema.extend({
  decision: z.enum([...RequestApprovalResultSchema.shape.decision.options, "pending"]),
  /** Set for `pending`: when the open question times out on its own. */
  expiresAt: z.iso.datetime().optional(),
});
export type RequestApprovalReply = z.infer<typeof RequestApprovalReplySchema>;
