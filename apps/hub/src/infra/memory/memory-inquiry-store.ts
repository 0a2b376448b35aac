import type { Inquiry } from "@inquiry-hub/protocol";
import { applyResolution } from "../../core/inquiry-machine";
import type { InquiryStore } from "../../core/ports";

/**
 * The embedded, single-node store. Each method's map update runs without an await in the
 * middle, so `resolve` is an atomic compare-and-set on Node's single thread. Records are
 * copied in and out (structuredClone) so callers can never mutate stored state.
 */
export function createMemoryInquiryStore(): InquiryStore {
  const inquiries = new Map<string, Inquiry>();

  return {
    insert(inquiry) {
      if (inquiries.has(inquiry.id))
        return Promise.reject(new Error(`duplicate inquiry id ${inquiry.id}`));
      inquiries.set(inquiry.id, structuredClone(inquiry));
      return Promise.resolve();
    },

    get(id) {
      const inquiry = inquiries.get(id);
      return Promise.resolve(inquiry === undefined ? undefined : structuredClone(inquiry));
    },

    listByUser(userId, status) {
      const matching = [...inquiries.values()]
        .filter(
          (inquiry) =>
            inquiry.userId === userId && (status === undefined || inquiry.status === status),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return Promise.resolve(structuredClone(matching));
    },

    resolve(id, resolution) {
      const current = inquiries.get(id);
      if (current === undefined) return Promise.resolve({ kind: "not-found" });
      const outcome = applyResolution(current, resolution);
      if (!outcome.applied)
        return Promise.resolve({ kind: "already-final", inquiry: structuredClone(current) });
      inquiries.set(id, outcome.inquiry);
      return Promise.resolve({ kind: "resolved", inquiry: structuredClone(outcome.inquiry) });
    },
  };
}
