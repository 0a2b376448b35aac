import type { AuditRecord, AuditTrail } from "../audit-trail";
import { creationRecord, resolutionRecord } from "../audit-records";

/** Entries kept per user; the oldest are dropped first, like Redis trims its stream. */
const MAX_ENTRIES_PER_USER = 5_000;

/** The in-memory trail, fed from the event bus by the composition root. */
type MemoryAuditTrail = Required<AuditTrail>;

/**
 * Audit trail for the single-node, in-memory hub. It learns changes from the bus, which in
 * one process delivers every event exactly once, right after the store change it announces.
 */
export function createMemoryAuditTrail(): MemoryAuditTrail {
  const byUser = new Map<string, AuditRecord[]>();

  function append(entry: AuditRecord): void {
    const entries = byUser.get(entry.userId) ?? [];
    entries.push(entry);
    if (entries.length > MAX_ENTRIES_PER_USER) entries.shift();
    byUser.set(entry.userId, entries);
  }

  return {
    record(event) {
      const { inquiry } = event;
      switch (event.type) {
        case "inquiry.created":
          append(creationRecord(inquiry));
          return;
        case "inquiry.resolved":
          append(resolutionRecord(inquiry));
          return;
        case "inquiry.extended":
        case "inquiry.agent-waiting":
          return;
      }
    },

    forInquiry(userId, inquiryId) {
      const entries = (byUser.get(userId) ?? []).filter((entry) => entry.inquiryId === inquiryId);
      return Promise.resolve(structuredClone(entries));
    },
  };
}
