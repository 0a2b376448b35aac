import { z } from "zod";
import { InquiryTypeSchema, IsoTimestampSchema } from "../inquiry";
import { HistoryDecisionSchema, HistoryDeciderSchema } from "./history";
import { TimeZoneSchema } from "./reach";

/**
 * Most inquiries one digest reads: the history export's cap, so a digest covers everything a
 * default hub keeps of one day and no more.
 */
export const MAX_DIGEST_INQUIRIES = 5_000;

/** Most items a digest lists in each of its sections; the counts still cover the whole day. */
export const MAX_DIGEST_SECTION_ITEMS = 200;

/**
 * Query of `GET /api/digest`: a calendar day in a time zone. Without `day`: yesterday in the
 * zone; without `timeZone`: the person's digest setting's, else UTC.
 *
 * @example /api/digest?day=2026-11-27&timeZone=Europe/Berlin
 */
export const DigestQuerySchema = z.strictObject({
  day: z.iso.date({ error: "expected a day like 2026-11-27" }).optional(),
  timeZone: TimeZoneSchema.optional(),
});
export type DigestQuery = z.infer<typeof DigestQuerySchema>;

/** How many inquiries one asker opened that day. */
export const DigestAskerSchema = z.object({
  /** The agent key, chat run or device that asked; null when the hub does not know. */
  credentialId: z.string().nullable(),
  /** Its name when known (an agent key's name). */
  name: z.string().nullable(),
  questions: z.number().int().nonnegative(),
  approvals: z.number().int().nonnegative(),
});
export type DigestAsker = z.infer<typeof DigestAskerSchema>;

/** One inquiry of the day as the digest names it, with its history page. */
export const DigestItemSchema = z.object({
  id: z.uuid(),
  type: InquiryTypeSchema,
  /** A question's text, or an approval's tool (its arguments stay in history). */
  what: z.string(),
  decision: HistoryDecisionSchema,
  decidedBy: HistoryDeciderSchema.nullable(),
  /** The device the person decided on (decidedBy `person`). */
  byDeviceName: z.string().nullable(),
  /** The rule that let the call pass (decidedBy `rule`), as it was named then. */
  byRuleName: z.string().nullable(),
  askedByName: z.string().nullable(),
  createdAt: IsoTimestampSchema,
  resolvedAt: IsoTimestampSchema.nullable(),
  /** `PUBLIC_URL/history/<id>`. */
  link: z.url(),
});
export type DigestItem = z.infer<typeof DigestItemSchema>;

const DigestSectionSchema = z.array(DigestItemSchema).max(MAX_DIGEST_SECTION_ITEMS);

/**
 * `GET /api/digest` → what agents asked on one day (by when each was asked) and how each
 * ended: decided (by the person on a device, YOLO, or a rule), timed out (nobody), still
 * pending. Sections list newest first.
 */
export const DigestSchema = z.object({
  day: z.iso.date(),
  timeZone: TimeZoneSchema,
  /** The day's first and last instant in the zone. */
  from: IsoTimestampSchema,
  to: IsoTimestampSchema,
  totals: z.object({
    asked: z.number().int().nonnegative(),
    questions: z.number().int().nonnegative(),
    approvals: z.number().int().nonnegative(),
    approved: z.number().int().nonnegative(),
    answered: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    timedOut: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
  }),
  askers: z.array(DigestAskerSchema),
  decided: DigestSectionSchema,
  timedOut: DigestSectionSchema,
  pending: DigestSectionSchema,
  /** True when the day held more than `MAX_DIGEST_INQUIRIES`: only the newest were read. */
  truncated: z.boolean(),
  /** The digest page of this day, `PUBLIC_URL/digest?day=…`. */
  link: z.url(),
});
export type Digest = z.infer<typeof DigestSchema>;
