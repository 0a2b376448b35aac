import { z } from "zod";
import { IsoTimestampSchema } from "./inquiry";

/** Most receipts kept per inquiry: far above a person's devices and channels, a hard bound. */
export const MAX_RECEIPTS_PER_INQUIRY = 64;

/**
 * How a question reached a device or channel. `delivered`: the device's socket acknowledged
 * `inquiry:new` (`socket`), the push service accepted the notification (`push`), or the
 * webhook was posted (`webhook`). `seen`: the card was visible in a focused tab (`app`), or
 * the person opened it from a notification (`notification`).
 *
 * The steps of the person's routing plan, on `push` or `webhook`, named by `ROUTING_TARGET_ID`:
 * `waiting`: the step goes out after `waitSeconds` if the question is still unseen;
 * `held`: quiet hours hold it `waitSeconds` more (until they end);
 * `no-tab`: no tab was in front of the person, so the push went at once instead of waiting;
 * `skipped-seen`: its wait ended with the question seen, so it was not sent.
 * A step that went out shows as its `delivered` receipts.
 */
export const ReceiptKindSchema = z.enum([
  "delivered",
  "seen",
  "waiting",
  "held",
  "no-tab",
  "skipped-seen",
]);
export type ReceiptKind = z.infer<typeof ReceiptKindSchema>;

/** The kinds a device may report of itself; the routing steps are the hub's alone. */
export const DeviceReceiptKindSchema = ReceiptKindSchema.extract(["delivered", "seen"]);

/** The `targetId` of a routing step's receipt: the person's plan, not a device. */
export const ROUTING_TARGET_ID = "routing-plan";

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
  /** A `waiting` or `held` step: how long it waits from `at` (at most a day and the plan's wait). */
  waitSeconds: z
    .number()
    .int()
    .min(0)
    .max(2 * 86_400)
    .optional(),
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
