import type { UsedRequestStates } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { createExpiryIndex } from "../../../platform/lmdb/lmdb-expiry-index";

/**
 * Used request states on disk, so a state redeemed before a restart stays spent after it
 * (the embedded hub keeps its request-state secret across restarts too). Table
 * `request-states-used` holds state id → the mark's deadline; a consume reads and writes in
 * one write transaction, so of racing consumers one wins. Expired marks are swept (bounded)
 * by a consume, at most once a second, through `request-states-used-expiry`.
 */
export function createLmdbUsedRequestStates(
  db: EmbeddedDatabase,
  now: () => number = Date.now,
): UsedRequestStates {
  const marks = db.table<number>("request-states-used");
  const expiries = createExpiryIndex(db.table<string>("request-states-used-expiry"), "used");

  return {
    consume(stateId, ttlMs) {
      return marks.transaction(() => {
        const nowMs = now();
        expiries.sweep(nowMs, (id) => {
          const deadline = marks.get(id);
          if (deadline !== undefined && deadline <= nowMs) marks.removeSync(id);
        });
        const held = marks.get(stateId);
        if (held !== undefined && held > nowMs) return false;
        const expiresAtMs = nowMs + ttlMs;
        marks.putSync(stateId, expiresAtMs);
        expiries.schedule(stateId, expiresAtMs, held);
        return true;
      });
    },
  };
}
