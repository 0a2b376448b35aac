import type { PendingIndex } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { dueRange, idOfIndexKey, openInquiryTables } from "./inquiry-tables";

/**
 * The sweeper's view of the embedded store. A restarted hub has lost the backstop timers of
 * the inquiries its previous run created, so without this scan a question left open across
 * a restart would never time out; `overdue` reads the `due` index the store keeps in the
 * same transactions as the records.
 *
 * `orphaned` is always empty: the only holder an embedded store ever has is this node, and a
 * restart of it must keep pending questions open and answerable (the agent re-attaches),
 * not cancel them as Redis does for a node that died while others go on.
 */
export function createLmdbPendingIndex(db: EmbeddedDatabase): PendingIndex {
  const { index } = openInquiryTables(db);
  return {
    overdue(dueBefore, limit) {
      const keys = index.getKeys(dueRange("due", dueBefore.getTime(), limit));
      return Promise.resolve([...keys].map(idOfIndexKey));
    },
    orphaned() {
      return Promise.resolve([]);
    },
  };
}
