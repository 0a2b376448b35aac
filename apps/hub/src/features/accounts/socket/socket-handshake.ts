import { SocketHandshakeAuthSchema } from "@inquiry-hub/protocol";
import type { AuthService, Principal } from "../auth-service";
import type { DeviceService } from "../device-service";
import { toHubError } from "../../../kernel/errors";
import { requirePerson } from "../person-only";
import type { SocketTicketService } from "../socket-ticket-service";
import { parseInput } from "../../../platform/http/validate";
import { protocolVersionRefusal, refusalOf } from "../../../platform/socket/handshake-refusal";
import type { HandshakeError } from "../../../platform/socket/handshake-refusal";
import type { DeviceSocket } from "../../../platform/socket/socket-types";
import type { Logger } from "../../../kernel/ports";

/**
 * Handshake middleware: admits a socket only with a valid device token or an unused socket
 * ticket (`auth: {token}` or `auth: {ticket}`, optionally `deviceName` to rename the device).
 * A socket is a device's channel: it receives every question and may answer approvals, so an
 * agent credential is refused. A refused handshake never opens: the client gets
 * `connect_error` with the message and `data.code` (BAD_REQUEST, UNAUTHORIZED, FORBIDDEN).
 * A client sending a `protocolVersion` other than the hub's is refused with BAD_REQUEST and
 * `data.hubProtocolVersion` before its credential is checked.
 */
export function createSocketHandshake(deps: {
  auth: AuthService;
  devices: DeviceService;
  tickets: SocketTicketService;
  logger: Logger;
}): (socket: DeviceSocket, next: (error?: HandshakeError) => void) => void {
  /** Admits the socket, or returns the refusal of a protocol mismatch; throws other refusals. */
  async function admit(socket: DeviceSocket): Promise<HandshakeError | undefined> {
    const handshake = parseInput(SocketHandshakeAuthSchema, socket.handshake.auth, "auth");
    const mismatch = protocolVersionRefusal(handshake.protocolVersion);
    if (mismatch !== undefined) return mismatch;
    const principal: Principal =
      "token" in handshake
        ? await deps.auth.authenticate(handshake.token)
        : await deps.tickets.redeem(handshake.ticket);
    requirePerson(principal, "open a device socket");
    if (handshake.deviceName !== undefined)
      await deps.devices.rename(principal.device, handshake.deviceName);
    socket.data = { userId: principal.user.id, deviceId: principal.device.id };
    return undefined;
  }

  return (socket, next) => {
    admit(socket).then(
      (refusal) => next(refusal),
      (error: unknown) => {
        const hubError = toHubError(error);
        if (hubError.code === "INTERNAL")
          deps.logger.error({ err: hubError.cause }, "socket handshake failed");
        next(refusalOf(hubError));
      },
    );
  };
}
