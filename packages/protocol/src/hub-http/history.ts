import { z } from "zod";
import {
  ApprovalVoteSchema,
  DeliveryReceiptSchema,
  InquiryStatusSchema,
  InquiryTypeSchema,
  IsoTimestampSchema,
  MAX_RECEIPTS_PER_INQUIRY,
  RiskAssessmentSchema,
} from "../inquiry";

/** Largest page of `GET /api/history`. */
export const MAX_HISTORY_PAGE = 200;

/** Largest `q` of a history search, in characters. */
export const MAX_HISTORY_SEARCH_LENGTH = 200;

/**
 * Most records one `GET /api/history/export` writes: the memory store's default per-user
 * retention (`HUB_MEMORY_HISTORY_PER_USER`), so an export covers everything a default hub keeps.
 */
export const MAX_HISTORY_EXPORT_ROWS = 5_000;

/** A date (`2026-01-31`, a whole UTC day) or an ISO timestamp. */
const HistoryDateSchema = z.union([z.iso.date(), IsoTimestampSchema]);

/**
 * The filters shared by `GET /api/history` and `GET /api/history/export`; every one is optional
 * and they combine with AND. The search runs over the user's history as the store keeps it, so
 * it is bounded by the store's per-user retention (`HUB_HISTORY_TTL_SECONDS`,
 * `HUB_MEMORY_HISTORY_PER_USER`).
 *
 * @example /api/history?q=deploy&tool=write_file&status=answered&from=2026-01-01&to=2026-01-31
 */
const HistoryFilterFieldsSchema = z.object({
  /**
   * Case-insensitive text searched in the question, the answer (text, values, reason), the
   * tool name and the approval's arguments.
   */
  q: z.string().trim().min(1).max(MAX_HISTORY_SEARCH_LENGTH).optional(),
  /** Only inquiries opened by this credential (an agent key, a chat run or a device) id. */
  credential: z.string().min(1).max(200).optional(),
  /** Only approvals of this tool (exact name). */
  tool: z.string().min(1).max(200).optional(),
  status: InquiryStatusSchema.optional(),
  /** Only inquiries resolved by this device: its id, or its name (case-insensitive). */
  device: z.string().min(1).max(200).optional(),
  /** Only inquiries created at or after this time; a date means its start (UTC). */
  from: HistoryDateSchema.optional(),
  /** Only inquiries created at or before this time; a date means its whole day (UTC). */
  to: HistoryDateSchema.optional(),
});

/** `from` after `to` is refused, naming `from`. */
function fromNotAfterTo(filter: { from?: string | undefined; to?: string | undefined }): boolean {
  return (
    filter.from === undefined ||
    filter.to === undefined ||
    historyDateBounds(filter.from).start <= historyDateBounds(filter.to).end
  );
}
const FROM_AFTER_TO = { message: "must not be after `to`", path: ["from"] };

export const HistoryFilterSchema = HistoryFilterFieldsSchema.refine(fromNotAfterTo, FROM_AFTER_TO);
export type HistoryFilter = z.infer<typeof HistoryFilterSchema>;

/**
 * The first and last millisecond a `from`/`to` value stands for: a timestamp is one instant,
 * a date its whole UTC day.
 */
export function historyDateBounds(value: string): { start: number; end: number } {
  const start = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  return { start, end: value.length === 10 ? start + 86_400_000 - 1 : start };
}

/**
 * Query of `GET /api/history`: the filters plus keyset paging by creation time.
 *
 * @example /api/history?status=answered&limit=20&before=2026-01-01T10:00:00.000Z
 */
export const HistoryQuerySchema = HistoryFilterFieldsSchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY_PAGE).default(50),
  /** Only inquiries created strictly before this time (the previous page's `nextBefore`). */
  before: IsoTimestampSchema.optional(),
}).refine(fromNotAfterTo, FROM_AFTER_TO);
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/** The formats of `GET /api/history/export`: CSV (RFC 4180) or JSON Lines. */
export const HistoryExportFormatSchema = z.enum(["csv", "jsonl"]);
export type HistoryExportFormat = z.infer<typeof HistoryExportFormatSchema>;

/** Query of `GET /api/history/export`: the filters and the format. */
export const HistoryExportQuerySchema = HistoryFilterFieldsSchema.extend({
  format: HistoryExportFormatSchema,
}).refine(fromNotAfterTo, FROM_AFTER_TO);
export type HistoryExportQuery = z.infer<typeof HistoryExportQuerySchema>;

/**
 * How an inquiry ended, as history words it: an approval was `approved` as asked, `edited`
 * (approved with the person's edited arguments) or `rejected`; a question was `answered` or
 * `rejected` (declined); `delegated` means the decision was handed to the agent instead
 * ("Let the assistant answer", or YOLO for a question); `timeout` and `cancelled` mean nobody
 * decided; `pending` while it is still open.
 */
export const HistoryDecisionSchema = z.enum([
  "pending",
  "approved",
  "edited",
  "rejected",
  "answered",
  "delegated",
  "timeout",
  "cancelled",
]);
export type HistoryDecision = z.infer<typeof HistoryDecisionSchema>;

/**
 * Who decided: a `person` (on one of their devices, or in the agent's MCP client), `yolo`
 * (the person's standing YOLO setting let the agent go on without asking anyone), `rule` (one
 * of the person's standing rules let the call pass; `byRule` names it), or `nobody` (time ran out, or the question was withdrawn). Null while pending.
 */
export const HistoryDeciderSchema = z.enum(["person", "yolo", "rule", "nobody"]);
export type HistoryDecider = z.infer<typeof HistoryDeciderSchema>;

/**
 * One line of an export: the audit record of one inquiry, newest first. In CSV the columns are
 * these keys in this order, `values` and `arguments` as JSON text and null as an empty cell.
 */
export const HistoryExportRecordSchema = z.object({
  id: z.uuid(),
  createdAt: IsoTimestampSchema,
  resolvedAt: IsoTimestampSchema.nullable(),
  status: InquiryStatusSchema,
  decision: HistoryDecisionSchema,
  decidedBy: HistoryDeciderSchema.nullable(),
  type: InquiryTypeSchema,
  /**
   * The question as the person saw it (markdown). An approval's question shows the call's
   * arguments, so it is redacted along with them: then it only says that it was.
   */
  question: z.string(),
  /** The free-text answer, or an approval's `approve` / `edit`. */
  response: z.string().nullable(),
  /**
   * Structured answer values; for an approval approved with edits, the arguments that ran,
   * redacted like `arguments`.
   */
  values: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  /**
   * The device of the person who decided; null while pending, under YOLO, and when nobody
   * decided (a timeout, even one a device reported, or a cancel).
   */
  byDeviceId: z.string().nullable(),
  byDeviceName: z.string().nullable(),
  /** The credential (agent key, chat run or device) that asked, and its name when known. */
  askedByCredentialId: z.string().nullable(),
  askedByName: z.string().nullable(),
  upstream: z.string().nullable(),
  tool: z.string().nullable(),
  /**
   * The approval's arguments as the audit policy allows: keys kept and values redacted unless
   * the hub runs with `HUB_AUDIT_FULL_ARGUMENTS=1`.
   */
  arguments: z.record(z.string(), z.unknown()).nullable(),
  /** The person's rule that let the call pass (decidedBy `rule`), as it was named then. */
  byRuleId: z.string().nullable(),
  byRuleName: z.string().nullable(),
});
export type HistoryExportRecord = z.infer<typeof HistoryExportRecordSchema>;

/** The CSV header of an export: the record's keys in order. */
export const HISTORY_EXPORT_COLUMNS = HistoryExportRecordSchema.keyof().options;

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
  decision: HistoryDecisionSchema,
  decidedBy: HistoryDeciderSchema.nullable(),
  /**
   * The device of the person who decided; null while pending, under YOLO, and when nobody
   * decided (a timeout, even one a device reported, or a cancel).
   */
  byDeviceId: z.string().nullable(),
  /** That device's current name (revoked devices keep theirs), or the pseudo-device's label. */
  byDeviceName: z.string().nullable(),
  /** The person's rule that let the call pass (decidedBy `rule`), as it was named then. */
  byRule: z.object({ id: z.string(), name: z.string() }).optional(),
  /** Set when the person decided it with its whole batch ("Approve all" / "Reject all"). */
  batchId: z.string().optional(),
  createdAt: IsoTimestampSchema,
  resolvedAt: IsoTimestampSchema.nullable(),
  /** resolvedAt − createdAt in milliseconds; null while pending. */
  durationMs: z.number().int().nonnegative().nullable(),
  /** The gated tool call of an APPROVAL. */
  approval: z
    .object({
      upstream: z.string(),
      tool: z.string(),
      runId: z.string().optional(),
      /** The policy's description of the call, or the upstream's generic prefix. */
      description: z.string(),
      /** The arguments as the agent sent them. */
      arguments: z.record(z.string(), z.unknown()),
      /** The arguments that ran instead, when the person edited them (decision `edited`). */
      editedArguments: z.record(z.string(), z.unknown()).optional(),
      /** The hub's risk label of the call. */
      risk: RiskAssessmentSchema.optional(),
    })
    .optional(),
  /** How many channel deliveries (e.g. webhook posts) of this inquiry failed for good. */
  failedDeliveries: z.number().int().nonnegative(),
  /** Where the question was delivered and who saw it, oldest first; absent from older hubs. */
  receipts: z.array(DeliveryReceiptSchema).max(MAX_RECEIPTS_PER_INQUIRY).optional(),
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
