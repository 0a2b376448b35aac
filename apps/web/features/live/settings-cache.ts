import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";
import { onHubEvent } from "./on-hub-event";

/**
 * Keeps the settings cache current: `settings:changed` replaces it on every device at once.
 * A fetch of the settings still in flight is cancelled, since it may predate the event.
 */
export function followSettings(socket: HubSocket, queryClient: QueryClient): void {
  onHubEvent(socket, "settings:changed", (settings) => {
    void queryClient.cancelQueries({ queryKey: queryKeys.settings });
    queryClient.setQueryData(queryKeys.settings, settings);
  });
}
