import type { QueryClient } from "@tanstack/react-query";
import {
  InquiryAgentWaitingSchema,
  InquiryExpiringSchema,
  InquiryExtendedSchema,
  InquiryProgressSchema,
  InquirySchema,
  InquiryWithdrawnSchema,
} from "@inquiry-hub/protocol";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";
import type { PendingAction } from "./pending-state";
import type { ReceiptReporter } from "./receipt-reporter";

/** What the pending-state events act on. */
export interface PendingEventTargets {
  queryClient: QueryClient;
  /** Applies one action to the pending state (`usePendingState`). */
  dispatch: (action: PendingAction) => void;
  /** Reports each card that reached this tab as delivered. */
  receipts: ReceiptReporter;
  /** This tab's device id from its ticket; words the withdrawn note ("Answered here"). */
  thisDeviceId: string | undefined;
}

/**
 * Turns the hub's inquiry events into pending-state actions: `inquiry:pending` (the snapshot
 * sent on every connect), `inquiry:new`, `inquiry:withdrawn`, `inquiry:extended`,
 * `inquiry:expiring`, `inquiry:agent-waiting` and `inquiry:progress`. A card that arrives is
 * reported delivered. Events that fail their schema are ignored. A pushed list wins over a
 * fetch of the pending list still in flight, which is cancelled: it may predate the event.
 */
export function followPendingInquiries(socket: HubSocket, targets: PendingEventTargets): void {
  const { queryClient, dispatch, receipts, thisDeviceId } = targets;
  socket.on("inquiry:pending", (payload) => {
    const parsed = InquirySchema.array().safeParse(payload);
    if (!parsed.success) return;
    void queryClient.cancelQueries({ queryKey: queryKeys.pendingInquiries });
    dispatch({ type: "snapshot", inquiries: parsed.data });
    for (const inquiry of parsed.data) receipts.delivered(socket, inquiry.id);
  });
  socket.on("inquiry:new", (payload) => {
    const parsed = InquirySchema.safeParse(payload);
    if (!parsed.success) return;
    void queryClient.cancelQueries({ queryKey: queryKeys.pendingInquiries });
    dispatch({ type: "new", inquiry: parsed.data });
    receipts.delivered(socket, parsed.data.id);
  });
  socket.on("inquiry:withdrawn", (payload) => {
    const parsed = InquiryWithdrawnSchema.safeParse(payload);
    if (parsed.success) dispatch({ type: "withdrawn", event: parsed.data, thisDeviceId });
  });
  socket.on("inquiry:extended", (payload) => {
    const parsed = InquiryExtendedSchema.safeParse(payload);
    if (parsed.success) dispatch({ type: "extended", event: parsed.data });
  });
  socket.on("inquiry:expiring", (payload) => {
    const parsed = InquiryExpiringSchema.safeParse(payload);
    if (parsed.success) dispatch({ type: "expiring", event: parsed.data });
  });
  socket.on("inquiry:agent-waiting", (payload) => {
    const parsed = InquiryAgentWaitingSchema.safeParse(payload);
    if (parsed.success) dispatch({ type: "agent-waiting", event: parsed.data });
  });
  socket.on("inquiry:progress", (payload) => {
    const parsed = InquiryProgressSchema.safeParse(payload);
    if (parsed.success) dispatch({ type: "progress", progress: parsed.data });
  });
}
