/** Delivery receipts: a card's "delivered / seen" line, and reporting this tab's "seen". */
export { ReceiptLine, ReceiptText } from "./receipt-line";
export { useSeenReceipt } from "./use-seen-receipt";
