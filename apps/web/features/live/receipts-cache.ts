import type { QueryClient } from "@tanstack/react-query";
import { InquiryReceiptsSchema } from "@inquiry-hub/protocol";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";

/**
 * Writes the hub's pushed receipts into the cache each card's receipt line reads: every
 * device's `delivered` and `seen` reports arrive as `inquiry:receipts`. A fetch of the same
 * receipts still in flight is cancelled, since it may predate the event; an event that fails
 * its schema is ignored.
 */
export function followReceipts(socket: HubSocket, queryClient: QueryClient): void {
  socket.on("inquiry:receipts", (payload) => {
    const parsed = InquiryReceiptsSchema.safeParse(payload);
    if (!parsed.success) return;
    const key = queryKeys.receipts(parsed.data.inquiryId);
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, parsed.data.receipts);
  });
}
