import { z } from "zod";
import {
  ApprovalDetailsSchema,
  FINAL_INQUIRY_STATUSES,
  QuestionsSchema,
  SuggestedBySchema,
} from "../inquiry";

/**
 * Carried by the first progress notification of a `send_inquiry` call: the ticket a client
 * needs to show and answer the question. Unknown keys are kept, never rejected.
 */
export const InquiryOpenedMetaSchema = z
  .object({
    type: z.literal("INQUIRY").or(z.literal("APPROVAL")),
    inquiryId: z.string().min(1),
    question: z.string(),
    /** Client auto-reply deadline (ISO); older senders omit it. */
    expiresAt: z.string().optional(),
    options: z.array(z.string()).optional(),
    suggestedAnswer: z.string().optional(),
    /** Who wrote `suggestedAnswer`: the agent, or the hub's assistant on the person's behalf. */
    suggestedBy: SuggestedBySchema.optional(),
    /** A questionnaire to render as a form; answered with `values`. */
    questions: QuestionsSchema.optional(),
    /** For `type: "APPROVAL"`: the tool call to approve, edit or reject. */
    approval: ApprovalDetailsSchema.optional(),
  })
  .loose();
export type InquiryOpenedMeta = z.infer<typeof InquiryOpenedMetaSchema>;

/** Carried by the last progress notification before the tool result. */
export const InquiryClosedMetaSchema = z
  .object({
    type: z.literal("INQUIRY_CLOSED"),
    inquiryId: z.string().min(1),
    status: z.enum(FINAL_INQUIRY_STATUSES),
  })
  .loose();
export type InquiryClosedMeta = z.infer<typeof InquiryClosedMetaSchema>;

/** Carried by the periodic keep-alive notifications while an inquiry waits. */
export const InquiryHeartbeatMetaSchema = z
  .object({
    type: z.literal("INQUIRY_HEARTBEAT"),
    inquiryId: z.string().min(1),
  })
  .loose();
export type InquiryHeartbeatMeta = z.infer<typeof InquiryHeartbeatMetaSchema>;

export const InquiryProgressMetaSchema = z.discriminatedUnion("type", [
  InquiryOpenedMetaSchema,
  InquiryClosedMetaSchema,
  InquiryHeartbeatMetaSchema,
]);
export type InquiryProgressMeta = z.infer<typeof InquiryProgressMetaSchema>;

/**
 * An MCP `notifications/progress` frame as it appears on the wire. The inquiry rides in
 * `meta` (the established shape) and/or `_meta` (the only key the official TypeScript SDK
 * keeps). `progress` may be 0 or 0.0; `total` and `message` may be null or absent.
 */
export const ProgressNotificationSchema = z
  .object({
    method: z.literal("notifications/progress"),
    params: z
      .object({
        progressToken: z.union([z.string(), z.number()]),
        progress: z.number(),
        total: z.number().nullish(),
        message: z.string().nullish(),
        meta: z.record(z.string(), z.unknown()).nullish(),
        _meta: z.record(z.string(), z.unknown()).nullish(),
      })
      .loose(),
    jsonrpc: z.literal("2.0").optional(),
  })
  .loose();
export type ProgressNotification = z.infer<typeof ProgressNotificationSchema>;

/**
 * The inquiry meta of a progress notification, read from `meta` first, then `_meta`.
 * Returns undefined when neither carries a known inquiry shape.
 */
export function readInquiryMeta(
  notification: ProgressNotification,
): InquiryProgressMeta | undefined {
  return readProgressMeta(notification.params);
}

const MetaCarrierSchema = z.object({ meta: z.unknown().optional(), _meta: z.unknown().optional() });

/**
 * The inquiry meta of a progress notification's params, read from `meta` first, then
 * `_meta`. Takes `unknown` because MCP clients hand over the params in their own types (the
 * SDK's `onprogress` passes them without `progressToken`, typed without `_meta`). Returns
 * undefined when neither key carries a known inquiry shape.
 */
export function readProgressMeta(params: unknown): InquiryProgressMeta | undefined {
  const carrier = MetaCarrierSchema.safeParse(params);
  if (!carrier.success) return undefined;
  for (const candidate of [carrier.data.meta, carrier.data._meta]) {
    const parsed = InquiryProgressMetaSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/**
 * What a hub sends as an inquiry progress notification's params. A type alias, not an
 * interface, so it stays assignable to `ProgressNotification["params"]` and its index signature.
 */
export type InquiryProgressParams = {
  progressToken: string | number;
  progress: number;
  meta: InquiryProgressMeta;
  _meta: InquiryProgressMeta;
};

/**
 * The `params` a hub sends for an inquiry progress notification: the meta under both
 * `meta` and `_meta`, as the wire contract requires. Narrower than
 * `ProgressNotification["params"]` (no `null`s), so it also fits MCP SDK notification types.
 */
export function buildInquiryProgressParams(
  progressToken: string | number,
  progress: number,
  meta: InquiryProgressMeta,
): InquiryProgressParams {
  return { progressToken, progress, meta, _meta: meta };
}
