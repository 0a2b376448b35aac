/** Delivery receipts: a card's "delivered / seen" line, routing steps in words, and reporting this tab's "seen". */
export { ReceiptLine, ReceiptText, receiptDuration } from "./receipt-line";
export { describeStep } from "./describe-receipts";
export { useSeenReceipt } from "./use-seen-receipt";
