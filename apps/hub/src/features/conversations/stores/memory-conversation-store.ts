import type { ConversationRecord, ConversationStore } from "../ports";
import { toSummary } from "../conversation-record";

/**
 * Conversations in this process (tests, and a hub started without a store). Every method
 * runs synchronously between awaits, so `insert`'s limit and `update`'s compare-and-set
 * are atomic without locks. Records are copied in and out, as a real store would.
 */
export function createMemoryConversationStore(): ConversationStore {
  const byId = new Map<string, ConversationRecord>();
  const idsByUser = new Map<string, Set<string>>();

  const copy = (record: ConversationRecord): ConversationRecord => structuredClone(record);

  return {
    insert(record, maxPerUser) {
      const ids = idsByUser.get(record.userId) ?? new Set<string>();
      if (ids.size >= maxPerUser) return Promise.resolve(false);
      byId.set(record.id, copy(record));
      idsByUser.set(record.userId, ids.add(record.id));
      return Promise.resolve(true);
    },
    get(id) {
      const record = byId.get(id);
      return Promise.resolve(record === undefined ? undefined : copy(record));
    },
    listSummaries(userId) {
      const ids = [...(idsByUser.get(userId) ?? [])];
      return Promise.resolve(
        ids.flatMap((id) => {
          const record = byId.get(id);
          return record === undefined ? [] : [toSummary(record)];
        }),
      );
    },
    update(id, change) {
      const current = byId.get(id);
      if (current === undefined) return Promise.resolve(undefined);
      try {
        const next = copy(change(copy(current)));
        byId.set(id, next);
        return Promise.resolve(copy(next));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    remove(userId, id) {
      const ids = idsByUser.get(userId);
      if (ids?.delete(id) !== true) return Promise.resolve(false);
      if (ids.size === 0) idsByUser.delete(userId);
      byId.delete(id);
      return Promise.resolve(true);
    },
  };
}
