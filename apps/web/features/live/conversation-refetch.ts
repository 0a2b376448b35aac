import type { QueryClient } from "@tanstack/react-query";
import { ConversationChangedSchema } from "@inquiry-hub/protocol";
import { queryKeys } from "@/lib/client/query-keys";
import type { HubSocket } from "./connect-hub-socket";

/**
 * Refetches the conversation list and the conversation the hub says changed
 * (`conversation:changed`, from any device); a deleted one refetches to its 404. An event
 * that fails its schema is ignored.
 */
export function followConversations(socket: HubSocket, queryClient: QueryClient): void {
  socket.on("conversation:changed", (payload) => {
    const parsed = ConversationChangedSchema.safeParse(payload);
    if (!parsed.success) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations, exact: true });
    void queryClient.invalidateQueries({
      queryKey: queryKeys.conversation(parsed.data.conversationId),
    });
  });
}
