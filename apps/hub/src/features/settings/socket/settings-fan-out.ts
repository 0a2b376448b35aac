import type { SettingsService } from "../settings-service";
import { userRoom } from "../../../platform/socket/socket-types";
import type { DeviceServer } from "../../../platform/socket/socket-types";

/**
 * Tells every device of a user that their settings changed (`settings:changed`), so a YOLO
 * switch flipped on one device shows on all of them at once. Unlike inquiry events this is
 * not on the inquiry bus: the change happens on one node, so the emit goes through the
 * Socket.IO adapter to the user's sockets on every node. Returns the unsubscribe.
 */
export function startSettingsFanOut(io: DeviceServer, settings: SettingsService): () => void {
  return settings.onChanged((userId, changed) => {
    io.to(userRoom(userId)).emit("settings:changed", changed);
  });
}
