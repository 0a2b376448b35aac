import { z } from "zod";
import { ApprovalDetailsSchema } from "./approval";
import { ElicitationDetailsSchema } from "./elicitation-schema";
import { QuestionsSchema } from "./questionnaire";
import { SharedApprovalSchema } from "./shared-approval";

/** What kind of decision an inquiry asks for: a free question, or approval of a tool call. */
export const InquiryTypeSchema = z.enum(["INQUIRY", "APPROVAL"]);
export type InquiryType = z.infer<typeof InquiryTypeSchema>;

/**
 * Who wrote an inquiry's `suggestedAnswer`: the agent that asked (`suggested_answer`), or the
 * hub's assistant, which drafts one on the person's behalf when the agent gave none.
 */
export const SuggestedBySchema = z.enum(["agent", "assistant"]);
export type SuggestedBy = z.infer<typeof SuggestedBySchema>;

/**
 * Lifecycle of an inquiry. `pending` is the only non-final state; every other state is
 * reached exactly once and never left.
 */
export const InquiryStatusSchema = z.enum([
  "pending",
  "answered",
  "rejected",
  "timeout",
  "cancelled",
]);
export type InquiryStatus = z.infer<typeof InquiryStatusSchema>;

/** Final states, in the order a UI may want to list them. */
export const FINAL_INQUIRY_STATUSES = ["answered", "rejected", "timeout", "cancelled"] as const;
export type FinalInquiryStatus = (typeof FINAL_INQUIRY_STATUSES)[number];

/** An ISO-8601 timestamp with a `Z` offset, as produced by `Date.prototype.toISOString`. */
export const IsoTimestampSchema = z.iso.datetime();

/**
 * How an answer reached the hub when not through the app's own screen (see
 * `InquiryResolution.via`): `mcp-client`, the asking agent's own MCP client; `push`, a push
 * notification's action button on the answering device.
 */
export const AnswerViaSchema = z.enum(["mcp-client", "push"]);
export type AnswerVia = z.infer<typeof AnswerViaSchema>;

/** How, when and by whom a pending inquiry was closed. */
export const InquiryResolutionSchema = z.object({
  /** The final status this resolution moved the inquiry to. */
  status: z.enum(FINAL_INQUIRY_STATUSES),
  /** The person's free-text answer (status `answered`). */
  response: z.string().optional(),
  /** Structured answer values, e.g. a questionnaire (status `answered`). */
  values: z.record(z.string(), z.unknown()).optional(),
  /** Why the person declined, when they said (status `rejected`). */
  reason: z.string().optional(),
  /**
   * True when the person handed the decision to the agent ("Let the assistant answer", or
   * YOLO mode) instead of answering: status `answered`, no human answer in it.
   */
  delegated: z.boolean().optional(),
  /** The device that resolved it; absent when the hub itself did (backstop timeout, cancel). */
  byDeviceId: z.string().optional(),
  /**
   * How the person answered when it was not in the app itself. `mcp-client`: in the
   * asking agent's own MCP client, through a form elicitation raced with the devices;
   * `byDeviceId` is then the credential of that MCP session. `push`: a push notification's
   * action button, answered with `byDeviceId`'s own credential. Absent for answers in the app.
   */
  via: AnswerViaSchema.optional(),
  /**
   * The person's standing rule that let an approval pass without asking (status `answered`,
   * response `approve`, no device): its id and its name at that moment.
   */
  byRule: z.object({ id: z.string().min(1), name: z.string().min(1) }).optional(),
  /** Set when the person decided this approval with its whole batch ("Approve all"). */
  batchId: z.string().min(1).optional(),
  /** When the resolution was accepted by the hub. */
  resolvedAt: IsoTimestampSchema,
});
export type InquiryResolution = z.infer<typeof InquiryResolutionSchema>;

/**
 * The inquiry record. Plain serializable data (no Dates, no class instances) so any store,
 * in memory or in Redis, can keep it as JSON.
 */
export const InquirySchema = z.object({
  /** Random UUID; also the `inquiryId` in progress notifications. */
  id: z.uuid(),
  /** The user who owns the inquiry; only their devices see or answer it. */
  userId: z.string(),
  type: InquiryTypeSchema,
  /** The question shown to the person, as markdown. */
  question: z.string(),
  /** Ready-made answers offered as buttons; may be empty. */
  options: z.array(z.string()),
  /** An answer the agent proposes; the person may submit it as is. */
  suggestedAnswer: z.string().optional(),
  /** Who wrote `suggestedAnswer`; set with it (absent on records from before drafting). */
  suggestedBy: SuggestedBySchema.optional(),
  /** A questionnaire: the person answers with `values` keyed by question id. */
  questions: QuestionsSchema.optional(),
  createdAt: IsoTimestampSchema,
  /** The client auto-reply deadline: devices answer `timeout` when it passes. */
  expiresAt: IsoTimestampSchema,
  status: InquiryStatusSchema,
  /** Null while pending; set exactly once. */
  resolution: InquiryResolutionSchema.nullable(),
  /** The gated tool call an APPROVAL inquiry asks about; absent for plain inquiries. */
  approval: ApprovalDetailsSchema.optional(),
  /** Set when the approval is routed to a team: who may see and vote, and the rule. */
  sharedApproval: SharedApprovalSchema.optional(),
  /** Set when the inquiry relays an upstream MCP server's elicitation (approval proxy). */
  elicitation: ElicitationDetailsSchema.optional(),
  /**
   * The credential (a device, or an agent credential) whose MCP call opened the inquiry. An
   * agent credential may read only the inquiries it opened.
   */
  askedByCredentialId: z.string().optional(),
  /**
   * Whether a call of the agent is waiting for the answer right now, while pending. False
   * once the call detached (client timeout, dropped connection, hold budget spent): the
   * question stays open and the answer reaches the agent when it asks again. Absent on
   * records that never had a call detach (and on records from before this field): waiting.
   */
  agentWaiting: z.boolean().optional(),
});
export type Inquiry = z.infer<typeof InquirySchema>;

/** Sent to every device of the owner once an inquiry leaves `pending`. */
export const InquiryWithdrawnSchema = z.object({
  inquiryId: z.uuid(),
  status: z.enum(FINAL_INQUIRY_STATUSES),
  byDeviceId: z.string().optional(),
  /** The resolving device's name at that moment, for "answered on <device>". */
  byDeviceName: z.string().optional(),
  resolvedAt: IsoTimestampSchema,
});
export type InquiryWithdrawn = z.infer<typeof InquiryWithdrawnSchema>;

/**
 * Sent to every device of the owner when a person extends a pending inquiry: each device moves
 * its countdown to the new `expiresAt` (its auto-reply deadline and the hub's backstop move too).
 */
export const InquiryExtendedSchema = z.object({
  inquiryId: z.uuid(),
  /** The new client auto-reply deadline. */
  expiresAt: IsoTimestampSchema,
  /** The device that asked for more time. */
  byDeviceId: z.string().optional(),
});
export type InquiryExtended = z.infer<typeof InquiryExtendedSchema>;

/**
 * Sent to every device of the audience when a pending inquiry has a fifth of its time left
 * (see `expiryWarningAt`): each device marks the card "Expires soon", so the person can
 * still decide or Extend. Sent again for each later `expiresAt` an Extend sets.
 */
export const InquiryExpiringSchema = z.object({
  inquiryId: z.uuid(),
  /** The deadline the warning is about; a device ignores it once the inquiry moved past it. */
  expiresAt: IsoTimestampSchema,
});
export type InquiryExpiring = z.infer<typeof InquiryExpiringSchema>;

/**
 * Sent to every device of the audience when a call of the agent attaches to a pending
 * inquiry or leaves it without a final answer: the card says whether the agent is waiting.
 * Carries the state stored when the hub sent it, so a device may simply take the latest.
 */
export const InquiryAgentWaitingSchema = z.object({
  inquiryId: z.uuid(),
  /** See `Inquiry.agentWaiting`. */
  agentWaiting: z.boolean(),
});
export type InquiryAgentWaiting = z.infer<typeof InquiryAgentWaitingSchema>;

/** Query of `GET /api/inquiries`. */
export const InquiryListQuerySchema = z.object({
  status: InquiryStatusSchema.optional(),
});
export type InquiryListQuery = z.infer<typeof InquiryListQuerySchema>;
