import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";
import { onHubEvent } from "./on-hub-event";
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
 * `inquiry:expiring`, `inquiry:agent-waiting` and `inquiry:progress`, each validated by
 * `onHubEvent`. A card that arrives is reported delivered. A pushed list wins over a fetch of
 * the pending list still in flight, which is cancelled: it may predate the event.
 */
export function followPendingInquiries(socket: HubSocket, targets: PendingEventTargets): void {
  const { queryClient, dispatch, receipts, thisDeviceId } = targets;
  onHubEvent(socket, "inquiry:pending", (inquiries) => {
    void queryClient.cancelQueries({ queryKey: queryKeys.pendingInquiries });
    dispatch({ type: "snapshot", inquiries });
    for (const inquiry of inquiries) receipts.delivered(socket, inquiry.id);
  });
  onHubEvent(socket, "inquiry:new", (inquiry) => {
    void queryClient.cancelQueries({ queryKey: queryKeys.pendingInquiries });
    dispatch({ type: "new", inquiry });
    receipts.delivered(socket, inquiry.id);
  });
  onHubEvent(socket, "inquiry:withdrawn", (event) =>
    dispatch({ type: "withdrawn", event, thisDeviceId }),
  );
  onHubEvent(socket, "inquiry:extended", (event) => dispatch({ type: "extended", event }));
  onHubEvent(socket, "inquiry:expiring", (event) => dispatch({ type: "expiring", event }));
  onHubEvent(socket, "inquiry:agent-waiting", (event) =>
    dispatch({ type: "agent-waiting", event }),
  );
  onHubEvent(socket, "inquiry:progress", (progress) => dispatch({ type: "progress", progress }));
}
