import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";
import { onHubEvent } from "./on-hub-event";

/**
 * Writes the hub's pushed receipts into the cache each card's receipt line reads: every
 * device's `delivered` and `seen` reports arrive as `inquiry:receipts`. A fetch of the same
 * receipts still in flight is cancelled, since it may predate the event.
 */
export function followReceipts(socket: HubSocket, queryClient: QueryClient): void {
  onHubEvent(socket, "inquiry:receipts", ({ inquiryId, receipts }) => {
    const key = queryKeys.receipts(inquiryId);
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, receipts);
  });
}
