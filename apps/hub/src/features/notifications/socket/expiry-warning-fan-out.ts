import type { ExpiryWarnings } from "../expiry-warnings";
import { audienceUserIds } from "../../inquiries/inquiry-audience";
import { userRoom } from "../../../platform/socket/socket-types";
import type { DeviceServer } from "../../../platform/socket/socket-types";

/**
 * Tells every connected device of an inquiry's audience that a fifth of its time is left
 * (`inquiry:expiring`), so each card shows "Expires soon" beside its Extend button.
 *
 * Emits reach this node's sockets only (`io.local`), like the inquiry fan-out: every node
 * arms the same warning from the bus events it hears, and each tells its own devices, so
 * a device hears each warning once whichever node it is connected to. Returns the unsubscribe.
 */
export function startExpiryWarningFanOut(io: DeviceServer, warnings: ExpiryWarnings): () => void {
  return warnings.onWarning((inquiry) => {
    io.local
      .to(audienceUserIds(inquiry).map(userRoom))
      .emit("inquiry:expiring", { inquiryId: inquiry.id, expiresAt: inquiry.expiresAt });
  });
}
