import { InquiryStatusSchema, IsoTimestampSchema } from "@inquiry-hub/protocol";
import type { InquiryStatus } from "@inquiry-hub/protocol";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { z } from "zod";
import type { AuditRecord } from "../audit-trail";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * One state change of an inquiry, as kept in the owner's audit stream. Entries are written by
 * the same Lua script as the change itself, so the trail and the records never disagree.
 */
export interface AuditEntry extends AuditRecord {
  /** The stream entry id (`<ms>-<seq>`, Redis time); also the paging cursor. */
  entryId: string;
}

/** What the hub passes to a script for one entry; the script adds the userId itself. */
export interface AuditChange {
  inquiryId: string;
  from?: InquiryStatus;
  to: InquiryStatus;
  byDeviceId?: string | undefined;
  at: string;
}

/** The entry as flat stream field/value pairs, absent fields left out. */
export function auditFields(change: AuditChange): string[] {
  return [
    "inquiryId",
    change.inquiryId,
    ...(change.from === undefined ? [] : ["from", change.from]),
    "to",
    change.to,
    ...(change.byDeviceId === undefined ? [] : ["byDeviceId", change.byDeviceId]),
    "at",
    change.at,
  ];
}

const StreamReplySchema = z.array(z.tuple([z.string(), z.array(z.string())]));

const StoredEntrySchema = z.object({
  inquiryId: z.string(),
  userId: z.string(),
  from: InquiryStatusSchema.optional(),
  to: InquiryStatusSchema,
  byDeviceId: z.string().optional(),
  at: IsoTimestampSchema,
});

function toEntry([entryId, pairs]: [string, string[]]): AuditEntry {
  const fields = new Map<string, string>();
  for (let index = 0; index + 1 < pairs.length; index += 2) {
    fields.set(pairs[index] ?? "", pairs[index + 1] ?? "");
  }
  const stored = StoredEntrySchema.parse(Object.fromEntries(fields));
  return {
    entryId,
    inquiryId: stored.inquiryId,
    userId: stored.userId,
    from: stored.from ?? null,
    to: stored.to,
    byDeviceId: stored.byDeviceId ?? null,
    at: stored.at,
  };
}

/** Paging for `readAuditTrail`. */
export interface AuditPage {
  /** At most this many entries (default 100). */
  limit?: number;
  /** Only entries older than this `entryId`, to fetch the next page. */
  before?: string;
}

/**
 * A user's audit trail, newest first: the read side for history pages. Trails are per user
 * because history is shown per user; filter by `inquiryId` for one inquiry's story. Entries
 * older than the history TTL are trimmed.
 */
export async function readAuditTrail(
  redis: RedisClient,
  auditKey: string,
  page: AuditPage = {},
): Promise<AuditEntry[]> {
  const end = page.before === undefined ? "+" : `(${page.before}`;
  const reply = await callRedis("read audit trail", () =>
    redis.xrevrange(auditKey, end, "-", "COUNT", page.limit ?? 100),
  );
  return StreamReplySchema.parse(reply).map(toEntry);
}
