import type { ConversationService } from "../conversation-service";
import { userRoom } from "../../../platform/socket/socket-types";
import type { DeviceServer } from "../../../platform/socket/socket-types";

/**
 * Tells every device of a person that one of their conversations was created, changed or
 * deleted (`conversation:changed`), so the list and an open conversation stay live on each
 * device, including the reply an agent run reports while no tab is open. Like
 * `settings:changed`, the change happens on one node and the emit goes through the
 * Socket.IO adapter (Redis across nodes) to the person's sockets on every node. Returns the
 * unsubscribe.
 */
export function startConversationFanOut(
  io: DeviceServer,
  conversations: ConversationService,
): () => void {
  return conversations.onChanged((userId, changed) => {
    io.to(userRoom(userId)).emit("conversation:changed", changed);
  });
}
