import type { Inquiry } from "@inquiry-hub/protocol";
import type { ReceiptService } from "../receipt-service";
import type { Logger } from "../../../kernel/ports";
import { audienceUserIds } from "../../inquiries/inquiry-audience";
import { userRoom } from "../../../platform/socket/socket-types";
import type { DeviceServer } from "../../../platform/socket/socket-types";

/**
 * How long receipts of one inquiry gather before devices hear of them. Every device of the
 * person reports its card as delivered within moments of each other; one `inquiry:receipts`
 * per burst keeps that at one message per device instead of one per device per report.
 */
export const RECEIPT_FAN_OUT_DELAY_MS = 250;

/**
 * Sends `inquiry:receipts` (every receipt so far) to every device of the inquiry's audience
 * after receipts recorded on this node. The receipt is recorded on one node only, so the emit
 * goes through the Socket.IO adapter to the audience's sockets on every node. Returns the stop.
 */
export function startReceiptFanOut(
  io: DeviceServer,
  deps: { receipts: ReceiptService; logger: Logger },
): () => void {
  const due = new Map<string, { inquiry: Inquiry; timer: NodeJS.Timeout }>();

  async function send(inquiry: Inquiry): Promise<void> {
    const receipts = (await deps.receipts.list([inquiry.id])).get(inquiry.id) ?? [];
    io.to(audienceUserIds(inquiry).map(userRoom)).emit("inquiry:receipts", {
      inquiryId: inquiry.id,
      receipts,
    });
  }

  const stopListening = deps.receipts.onRecorded((inquiry) => {
    if (due.has(inquiry.id)) return;
    const timer = setTimeout(() => {
      due.delete(inquiry.id);
      send(inquiry).catch((error: unknown) =>
        deps.logger.error({ err: error, inquiryId: inquiry.id }, "receipt fan-out failed"),
      );
    }, RECEIPT_FAN_OUT_DELAY_MS);
    due.set(inquiry.id, { inquiry, timer });
  });

  return () => {
    stopListening();
    for (const { timer } of due.values()) clearTimeout(timer);
    due.clear();
  };
}
