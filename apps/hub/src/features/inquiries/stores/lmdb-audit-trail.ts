import { InquiryStatusSchema } from "@inquiry-hub/protocol";
import type { Database, Key } from "lmdb";
import { z } from "zod";
import type { AuditRecord, AuditTrail } from "../audit-trail";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { keysUnder } from "../../../platform/lmdb/embedded-database";

const AuditRecordSchema = z.object({
  inquiryId: z.string(),
  userId: z.string(),
  from: InquiryStatusSchema.nullable(),
  to: InquiryStatusSchema,
  byDeviceId: z.string().nullable(),
  at: z.string(),
});

/**
 * One inquiry's state changes, keyed `[userId, inquiryId, step]` (0 = creation,
 * 1 = resolution), so a history detail reads one short key range.
 */
export type AuditTable = Database<AuditRecord, Key>;

/** Opens the audit table shared by the inquiry store (writer) and the trail (reader). */
export function openAuditTable(db: EmbeddedDatabase): AuditTable {
  return db.table<AuditRecord>("inquiry-audit");
}

/**
 * Records a state change; call inside the write transaction that makes the change, so the
 * trail never disagrees with the records (as the Redis store writes it in the same script).
 */
export function writeAuditRecord(table: AuditTable, step: 0 | 1, record: AuditRecord): void {
  table.putSync([record.userId, record.inquiryId, step], record);
}

/** Drops an inquiry's entries with its record, when its history TTL ends. */
export function removeAuditRecords(table: AuditTable, userId: string, inquiryId: string): void {
  for (const key of table.getKeys(keysUnder([userId, inquiryId]))) table.removeSync(key);
}

/** The read side history uses: entries written by the embedded inquiry store. */
export function createLmdbAuditTrail(db: EmbeddedDatabase): AuditTrail {
  const table = openAuditTable(db);
  return {
    forInquiry(userId, inquiryId) {
      const entries = [...table.getRange(keysUnder([userId, inquiryId]))].map(({ value }) =>
        AuditRecordSchema.parse(value),
      );
      return Promise.resolve(entries);
    },
  };
}
