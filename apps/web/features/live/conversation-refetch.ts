import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";
import { onHubEvent } from "./on-hub-event";

/**
 * Refetches the conversation list and the conversation the hub says changed
 * (`conversation:changed`, from any device); a deleted one refetches to its 404.
 */
export function followConversations(socket: HubSocket, queryClient: QueryClient): void {
  onHubEvent(socket, "conversation:changed", ({ conversationId }) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversation(conversationId) });
  });
}
