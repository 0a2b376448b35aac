import type { SocketReceiptPayload } from "@inquiry-hub/protocol";
import type { HubSocket } from "./connect-hub-socket";

/** Reports this tab remembers as acknowledged; past it, the oldest are forgotten. */
const REMEMBERED_REPORTS = 1_000;

/** Sends this tab's receipts over its socket, each at most once once the hub took it. */
export interface ReceiptReporter {
  /** The card reached this tab (`inquiry:new`, or listed on connect). */
  delivered(socket: HubSocket, inquiryId: string): void;
  /** The card is visible in this focused tab, opened from a notification or not. */
  seen(socket: HubSocket, inquiryId: string, via: "app" | "notification"): void;
}

/**
 * A report is remembered only once the hub acknowledged it, so one lost while the socket was
 * down is sent again on the next chance (the reconnect's pending list, the next render).
 * The hub keeps only the first receipt of each kind anyway; remembering saves the round trip.
 */
export function createReceiptReporter(): ReceiptReporter {
  const acknowledged = new Set<string>();

  function send(socket: HubSocket, payload: SocketReceiptPayload): void {
    const key = `${payload.kind}:${payload.inquiryId}`;
    if (acknowledged.has(key) || !socket.connected) return;
    socket.emit("inquiry:receipt", payload, (ack) => {
      if (!("data" in ack)) return;
      acknowledged.add(key);
      if (acknowledged.size > REMEMBERED_REPORTS) {
        const [oldest] = acknowledged;
        if (oldest !== undefined) acknowledged.delete(oldest);
      }
    });
  }

  return {
    delivered(socket, inquiryId) {
      send(socket, { inquiryId, kind: "delivered" });
    },
    seen(socket, inquiryId, via) {
      send(socket, { inquiryId, kind: "seen", via });
    },
  };
}
