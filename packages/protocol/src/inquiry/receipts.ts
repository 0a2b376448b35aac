import { z } from "zod";
import { IsoTimestampSchema } from "./inquiry";

/** Most receipts kept per inquiry: far above a person's devices and channels, a hard bound. */
export const MAX_RECEIPTS_PER_INQUIRY = 64;

/**
 * How a question reached a device or channel. `delivered`: the device's socket acknowledged
 * `inquiry:new` (`socket`), the push service accepted the notification (`push`), or the
 * webhook was posted (`webhook`). `seen`: the card was visible in a focused tab (`app`), or
 * the person opened it from a notification (`notification`).
 */
export const ReceiptKindSchema = z.enum(["delivered", "seen"]);
export type ReceiptKind = z.infer<typeof ReceiptKindSchema>;

export const ReceiptChannelSchema = z.enum(["socket", "push", "webhook", "app", "notification"]);
export type ReceiptChannel = z.infer<typeof ReceiptChannelSchema>;

/**
 * One receipt. Only the first receipt of a kind, channel and target counts: a card seen again,
 * or a reconnect that re-delivers the pending list, changes nothing.
 */
export const DeliveryReceiptSchema = z.object({
  kind: ReceiptKindSchema,
  channel: ReceiptChannelSchema,
  /** The device's id; for a webhook, the webhook channel's id. */
  targetId: z.string().min(1).max(200),
  /** The device's (or channel's) name when the receipt was recorded. */
  targetName: z.string().max(200),
  at: IsoTimestampSchema,
});
export type DeliveryReceipt = z.infer<typeof DeliveryReceiptSchema>;

/** The identity of a receipt: a repeat with the same key is not recorded again. */
export function receiptKey(
  receipt: Pick<DeliveryReceipt, "kind" | "channel" | "targetId">,
): string {
  return `${receipt.kind}:${receipt.channel}:${receipt.targetId}`;
}

/** Server→client `inquiry:receipts` and `GET /api/inquiries/:id/receipts`: every receipt so far. */
export const InquiryReceiptsSchema = z.object({
  inquiryId: z.uuid(),
  receipts: z.array(DeliveryReceiptSchema).max(MAX_RECEIPTS_PER_INQUIRY),
});
export type InquiryReceipts = z.infer<typeof InquiryReceiptsSchema>;
