import { MAX_RECEIPTS_PER_INQUIRY, receiptKey } from "@inquiry-hub/protocol";
import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import type { ReceiptStore } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { createExpiryIndex } from "../../../platform/lmdb/lmdb-expiry-index";

/** One inquiry's receipts as stored: in recording order, with the deadline of the first. */
interface StoredReceipts {
  receipts: DeliveryReceipt[];
  expiresAtMs: number;
}

/**
 * Receipts kept across restarts, so after one the hub still shows who a question reached.
 * Table `receipts` holds inquiry id → its receipts (at most 64, so one record per inquiry
 * stays small and its array order is the recording order); `receipts-expiry` files each
 * inquiry under the deadline set by its first receipt. `record` reads, checks and writes in
 * one write transaction, so of two racing firsts of a key exactly one is kept and the bound
 * holds, like the Redis script.
 */
export function createLmdbReceiptStore(
  db: EmbeddedDatabase,
  options: { ttlSeconds: number },
): ReceiptStore {
  const stored = db.table<StoredReceipts>("receipts");
  const expiries = createExpiryIndex(db.table<string>("receipts-expiry"), "receipts");
  const ttlMs = options.ttlSeconds * 1000;

  function live(inquiryId: string, nowMs: number): StoredReceipts | undefined {
    const current = stored.get(inquiryId);
    return current !== undefined && current.expiresAtMs > nowMs ? current : undefined;
  }

  return {
    record(inquiryId, receipt) {
      return stored.transaction(() => {
        const nowMs = Date.now();
        expiries.sweep(nowMs, (id) => stored.removeSync(id));
        const former = stored.get(inquiryId);
        // Expired but not swept yet (a later sweep, or beyond its batch): drop it and its entry now, or that entry
        // would later remove the fresh record written below.
        if (former !== undefined && former.expiresAtMs <= nowMs) {
          stored.removeSync(inquiryId);
          expiries.unschedule(inquiryId, former.expiresAtMs);
        }
        const current = live(inquiryId, nowMs);
        if (current === undefined) {
          const expiresAtMs = nowMs + ttlMs;
          stored.putSync(inquiryId, { receipts: [receipt], expiresAtMs });
          expiries.schedule(inquiryId, expiresAtMs);
          return true;
        }
        const key = receiptKey(receipt);
        const { receipts } = current;
        if (receipts.length >= MAX_RECEIPTS_PER_INQUIRY) return false;
        if (receipts.some((each) => receiptKey(each) === key)) return false;
        stored.putSync(inquiryId, { ...current, receipts: [...receipts, receipt] });
        return true;
      });
    },

    list(inquiryIds) {
      const nowMs = Date.now();
      return Promise.resolve(
        new Map(inquiryIds.map((id) => [id, live(id, nowMs)?.receipts ?? []])),
      );
    },
  };
}
