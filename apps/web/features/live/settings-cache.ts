import type { QueryClient } from "@tanstack/react-query";
import { UserSettingsSchema } from "@inquiry-hub/protocol";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";

/**
 * Keeps the settings cache current: `settings:changed` replaces it on every device at once.
 * A fetch of the settings still in flight is cancelled, since it may predate the event; an
 * event that fails its schema is ignored.
 */
export function followSettings(socket: HubSocket, queryClient: QueryClient): void {
  socket.on("settings:changed", (payload) => {
    const parsed = UserSettingsSchema.safeParse(payload);
    if (!parsed.success) return;
    void queryClient.cancelQueries({ queryKey: queryKeys.settings });
    queryClient.setQueryData(queryKeys.settings, parsed.data);
  });
}
