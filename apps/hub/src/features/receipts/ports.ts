import type { DeliveryReceipt } from "@inquiry-hub/protocol";

/**
 * Where receipts live, per inquiry. `record` keeps the first receipt of each `receiptKey`
 * (atomically: of two racing firsts one is kept) and at most `MAX_RECEIPTS_PER_INQUIRY` per
 * inquiry. An inquiry's receipts expire `ttlSeconds` (the history TTL) after its first one,
 * so they stay beside the history they describe and no longer.
 */
export interface ReceiptStore {
  /** True when this receipt was kept; false for a repeat of its key or past the bound. */
  record(inquiryId: string, receipt: DeliveryReceipt): Promise<boolean>;
  /** Each inquiry's receipts, oldest first; inquiries without any map to an empty list. */
  list(inquiryIds: readonly string[]): Promise<Map<string, DeliveryReceipt[]>>;
}
