import { InquirySchema } from "@inquiry-hub/protocol";
import type { Database, Key, RangeOptions } from "lmdb";
import { z } from "zod";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { TraceCarrierSchema } from "../adapters/trace-carrier";
import { keysUnder } from "../../../platform/lmdb/embedded-database";

/**
 * An inquiry as the embedded store keeps it: the record, and for a final one the time
 * (epoch ms) it leaves history, as Redis would expire its key.
 */
const StoredInquirySchema = z.object({
  inquiry: InquirySchema,
  /** `null` while pending: pending records never expire. */
  dropAt: z.number().nullable(),
  /** The creating call's trace context (see InquiryStore.insert); internal, never served. */
  traceContext: TraceCarrierSchema.optional(),
});
export type StoredInquiry = z.infer<typeof StoredInquirySchema>;

/**
 * The inquiry tables' key layout, in one place like Redis's keys.ts. `records` maps id →
 * StoredInquiry; `index` holds empty-valued tuple keys, each a sorted set of the Redis store:
 * - `["by-user", userId, createdAtMs, id]`: every inquiry of a user, for listings;
 * - `["pending", userId, createdAtMs, id]`: a user's pending ones, for the cap and listings;
 * - `["pending-by", userId, credentialId, createdAtMs, id]`: the pending ones a credential
 *   asked (`askedByCredentialId`), for the per-credential cap;
 * - `["due", expiresAtMs, id]`: every pending inquiry by deadline, for the sweeper;
 * - `["drop", dropAtMs, id]`: every final inquiry by the end of its history TTL.
 * Every change to a record rewrites its index keys in the same transaction.
 */
export interface InquiryTables {
  records: Database<StoredInquiry, Key>;
  index: Database<true, Key>;
}

/** Opens (once per database) the tables the inquiry store and the pending index share. */
export function openInquiryTables(db: EmbeddedDatabase): InquiryTables {
  return { records: db.table<StoredInquiry>("inquiries"), index: db.table<true>("inquiry-index") };
}

/** Validates a record read from disk, so a corrupted or foreign value fails loudly here. */
export function readStoredInquiry(value: unknown): StoredInquiry | undefined {
  return value === undefined ? undefined : StoredInquirySchema.parse(value);
}

/** The index keys a record has while it is pending, or once it is final. */
export function indexKeysOf(stored: StoredInquiry): Key[] {
  const { inquiry, dropAt } = stored;
  const created = Date.parse(inquiry.createdAt);
  const byUser: Key = ["by-user", inquiry.userId, created, inquiry.id];
  if (dropAt !== null) return [byUser, ["drop", dropAt, inquiry.id]];
  const asker = inquiry.askedByCredentialId;
  return [
    byUser,
    ["pending", inquiry.userId, created, inquiry.id],
    ["due", Date.parse(inquiry.expiresAt), inquiry.id],
    ...(asker === undefined ? [] : [["pending-by", inquiry.userId, asker, created, inquiry.id]]),
  ];
}

/** Range of one user's entries in the `by-user` or `pending` index. */
export function userRange(kind: "by-user" | "pending", userId: string): RangeOptions {
  return keysUnder([kind, userId]);
}

/** Range of the pending entries one credential of `userId` asked. */
export function credentialRange(userId: string, credentialId: string): RangeOptions {
  return keysUnder(["pending-by", userId, credentialId]);
}

/** Range of `due` or `drop` entries at or before `until` (epoch ms), oldest first. */
export function dueRange(kind: "due" | "drop", until: number, limit: number): RangeOptions {
  return { ...keysUnder([kind]), end: [kind, until, "\uffff"], limit };
}

/** The id an index key ends with. */
export function idOfIndexKey(key: Key): string {
  const id = Array.isArray(key) ? (key as unknown[]).at(-1) : undefined;
  if (typeof id !== "string") throw new Error("malformed inquiry index key");
  return id;
}

/** Writes `inquiry` and its index keys; call inside a write transaction. */
export function putInquiry(tables: InquiryTables, stored: StoredInquiry): void {
  tables.records.putSync(stored.inquiry.id, stored);
  for (const key of indexKeysOf(stored)) tables.index.putSync(key, true);
}

/**
 * Writes the new version `next` of the record `current` and moves its index keys, touching
 * only those that differ (a resolution keeps its `by-user` key, an extension all but `due`);
 * call inside a write transaction.
 */
export function replaceInquiry(
  tables: InquiryTables,
  current: StoredInquiry,
  next: StoredInquiry,
): void {
  const currentKeys = indexKeysOf(current);
  const nextKeys = indexKeysOf(next);
  for (const key of currentKeys) if (!includesKey(nextKeys, key)) tables.index.removeSync(key);
  tables.records.putSync(next.inquiry.id, next);
  for (const key of nextKeys) if (!includesKey(currentKeys, key)) tables.index.putSync(key, true);
}

/** Whether `keys` (a record's few index keys) holds a tuple equal to `key`, part by part. */
function includesKey(keys: readonly Key[], key: Key): boolean {
  const parts = key as readonly unknown[];
  return keys.some((each) => {
    const eachParts = each as readonly unknown[];
    return eachParts.length === parts.length && eachParts.every((part, i) => part === parts[i]);
  });
}

/** Removes the index keys of `stored` (the record itself is left to the caller). */
export function unindexInquiry(tables: InquiryTables, stored: StoredInquiry): void {
  for (const key of indexKeysOf(stored)) tables.index.removeSync(key);
}

/** Whether a stored record is still visible at `now` (a final one until its drop time). */
export function isLive(stored: StoredInquiry, now: number): boolean {
  return stored.dropAt === null || stored.dropAt > now;
}
