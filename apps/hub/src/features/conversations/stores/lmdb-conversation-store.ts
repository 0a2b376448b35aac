import { ConversationSummarySchema } from "@inquiry-hub/protocol";
import type { ConversationSummary } from "@inquiry-hub/protocol";
import { ConversationRecordSchema, toSummary } from "../conversation-record";
import type { ConversationRecord, ConversationStore } from "../ports";
import { keysUnder } from "../../../platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Conversations kept across restarts. Tables: `conversations` (id → record) and
 * `conversations-by-user` (`[userId, id]` → summary), so the list reads summaries without
 * decoding every turn. Each write is one transaction over both tables: the summary never
 * disagrees with its record, the per-user limit is counted and kept in the same step, and
 * `update` reads and writes inside it, so two racing reports cannot both apply. Records are
 * validated on the way out of the disk.
 */
export function createLmdbConversationStore(db: EmbeddedDatabase): ConversationStore {
  const records = db.table<ConversationRecord>("conversations");
  const summaries = db.table<ConversationSummary>("conversations-by-user");

  function read(id: string): ConversationRecord | undefined {
    const value: unknown = records.get(id);
    return value === undefined ? undefined : ConversationRecordSchema.parse(value);
  }

  function write(record: ConversationRecord): void {
    records.putSync(record.id, record);
    summaries.putSync([record.userId, record.id], toSummary(record));
  }

  return {
    insert(record, maxPerUser) {
      return records.transaction(() => {
        if (summaries.getKeysCount(keysUnder([record.userId])) >= maxPerUser) return false;
        write(record);
        return true;
      });
    },
    get(id) {
      return Promise.resolve(read(id));
    },
    listSummaries(userId) {
      const entries = summaries.getRange(keysUnder([userId]));
      return Promise.resolve(
        [...entries].map(({ value }) => ConversationSummarySchema.parse(value)),
      );
    },
    update(id, change) {
      return records.transaction(() => {
        const current = read(id);
        if (current === undefined) return undefined;
        const next = change(current);
        write(next);
        return next;
      });
    },
    remove(userId, id) {
      return records.transaction(() => {
        if (!summaries.removeSync([userId, id])) return false;
        return records.removeSync(id);
      });
    },
  };
}
