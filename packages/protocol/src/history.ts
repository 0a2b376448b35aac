import { z } from "zod";
import { InquiryStatusSchema, InquiryTypeSchema, IsoTimestampSchema } from "./inquiry";
import { ApprovalVoteSchema } from "./shared-approval";

/** Largest page of `GET /api/history`. */
export const MAX_HISTORY_PAGE = 200;

/**
 * Query of `GET /api/history`: an optional status filter and keyset paging by creation time.
 *
 * @example /api/history?status=answered&limit=20&before=2026-01-01T10:00:00.000Z
 */
export const HistoryQuerySchema = z.object({
  status: InquiryStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY_PAGE).default(50),
  /** Only inquiries created strictly before this time (the previous page's `nextBefore`). */
  before: IsoTimestampSchema.optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/** One past (or still pending) inquiry as the history page lists it. */
export const HistoryItemSchema = z.object({
  id: z.uuid(),
  type: InquiryTypeSchema,
  question: z.string(),
  status: InquiryStatusSchema,
  /** The free-text answer, when answered with one. */
  response: z.string().optional(),
  /** Structured answer values, when answered with them. */
  values: z.record(z.string(), z.unknown()).optional(),
  /** Why it was declined, when the person said. */
  reason: z.string().optional(),
  /** The resolving device; null while pending and when the hub resolved it (timeout, cancel). */
  byDeviceId: z.string().nullable(),
  /** That device's current name (revoked devices keep theirs), or the pseudo-device's label. */
  byDeviceName: z.string().nullable(),
  createdAt: IsoTimestampSchema,
  resolvedAt: IsoTimestampSchema.nullable(),
  /** resolvedAt − createdAt in milliseconds; null while pending. */
  durationMs: z.number().int().nonnegative().nullable(),
  /** The gated tool call of an APPROVAL, reduced to what a list shows. */
  approval: z
    .object({ upstream: z.string(), tool: z.string(), runId: z.string().optional() })
    .optional(),
  /** How many channel deliveries (e.g. webhook posts) of this inquiry failed for good. */
  failedDeliveries: z.number().int().nonnegative(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

/** `GET /api/history` → one page, newest first; `nextBefore` is absent on the last page. */
export const HistoryPageSchema = z.object({
  items: z.array(HistoryItemSchema),
  nextBefore: IsoTimestampSchema.optional(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/** One state change of an inquiry (creation has `from: null`). */
export const HistoryAuditEntrySchema = z.object({
  from: InquiryStatusSchema.nullable(),
  to: InquiryStatusSchema,
  /** Who made the change; null when the hub did (creation, timeout, cancel). */
  byDeviceId: z.string().nullable(),
  byDeviceName: z.string().nullable(),
  at: IsoTimestampSchema,
});
export type HistoryAuditEntry = z.infer<typeof HistoryAuditEntrySchema>;

/** What a channel delivery was about: the new inquiry, or the update after its resolution. */
export const DeliveryPurposeSchema = z.enum(["created", "resolved"]);

/**
 * One attempt to deliver an inquiry to an outside channel. Failed attempts are retried with
 * backoff; `final` marks the attempt after which no more retries follow.
 */
export const DeliveryAttemptSchema = z.object({
  inquiryId: z.uuid(),
  channel: z.literal("webhook"),
  purpose: DeliveryPurposeSchema,
  /** 1 for the first try. */
  attempt: z.number().int().positive(),
  ok: z.boolean(),
  /** The receiver's HTTP status, when it answered at all. */
  httpStatus: z.number().int().optional(),
  /** Why it failed, fit to show (never the URL, which may embed a secret). */
  error: z.string().optional(),
  final: z.boolean(),
  at: IsoTimestampSchema,
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

/** One person's vote on a shared approval, with the names current at read time. */
export const HistoryVoteSchema = ApprovalVoteSchema.extend({
  username: z.string().optional(),
  deviceName: z.string().optional(),
});
export type HistoryVote = z.infer<typeof HistoryVoteSchema>;

/**
 * `GET /api/history/:id` → the inquiry, its audit trail (oldest first) and its deliveries;
 * for a shared (team) approval also every person's vote, oldest first.
 */
export const HistoryDetailSchema = z.object({
  item: HistoryItemSchema,
  audit: z.array(HistoryAuditEntrySchema),
  deliveries: z.array(DeliveryAttemptSchema),
  votes: z.array(HistoryVoteSchema).optional(),
});
export type HistoryDetail = z.infer<typeof HistoryDetailSchema>;
