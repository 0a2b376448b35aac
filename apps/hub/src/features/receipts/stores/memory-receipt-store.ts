import { MAX_RECEIPTS_PER_INQUIRY, receiptKey } from "@inquiry-hub/protocol";
import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import type { ReceiptStore } from "../ports";
import { createExpiryQueue } from "../../../platform/memory/expiry-queue";

/**
 * Receipts of a single-node hub: per inquiry, receipt key → receipt, in recording order.
 * An inquiry's receipts live `ttlMs` from its first one (the queue is touched only then).
 */
export function createMemoryReceiptStore(options: {
  ttlMs: number;
  now?: () => number;
}): ReceiptStore {
  const byInquiry = new Map<string, Map<string, DeliveryReceipt>>();
  const expiries = createExpiryQueue(options.ttlMs, options.now);
  const sweep = () => expiries.sweep((inquiryId) => byInquiry.delete(inquiryId));

  return {
    record(inquiryId, receipt) {
      sweep();
      const kept = byInquiry.get(inquiryId) ?? new Map<string, DeliveryReceipt>();
      const key = receiptKey(receipt);
      if (kept.has(key) || kept.size >= MAX_RECEIPTS_PER_INQUIRY) return Promise.resolve(false);
      if (kept.size === 0) {
        byInquiry.set(inquiryId, kept);
        expiries.touch(inquiryId);
      }
      kept.set(key, structuredClone(receipt));
      return Promise.resolve(true);
    },

    list(inquiryIds) {
      sweep();
      return Promise.resolve(
        new Map(
          inquiryIds.map((id) => [id, structuredClone([...(byInquiry.get(id)?.values() ?? [])])]),
        ),
      );
    },
  };
}
