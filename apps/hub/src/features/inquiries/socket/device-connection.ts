import { SocketAnswerPayloadSchema } from "@inquiry-hub/protocol";
import type { Inquiry, SocketAck } from "@inquiry-hub/protocol";
import type { DeviceService } from "../../accounts/device-service";
import { toHubError } from "../../../kernel/errors";
import type { InquiryService } from "../inquiry-service";
import { parseInput } from "../../../platform/http/validate";
import { pendingSnapshot } from "./pending-snapshot";
import { deviceRoom, userRoom } from "../../../platform/socket/socket-types";
import type { DeviceSocket } from "../../../platform/socket/socket-types";
import type { Logger } from "../../../kernel/ports";

function errorAck(error: unknown, logger: Logger): SocketAck<Inquiry> {
  const hubError = toHubError(error);
  if (hubError.code === "INTERNAL")
    logger.error({ err: hubError.cause ?? hubError }, "socket answer failed");
  return { error: { code: hubError.code, message: hubError.message } };
}

function report(logger: Logger, what: string, deviceId: string): (error: unknown) => void {
  return (error) => logger.error({ err: error, deviceId }, what);
}

/**
 * Sets up one admitted socket: joins its user's and its device's rooms, counts it online,
 * sends the complete pending list (so a reconnecting device drops every stale card), and
 * answers `inquiry:answer` with an ack `{data}` or `{error: {code, message}}`.
 *
 * The rooms are joined before the device is re-checked: a revocation that raced the
 * handshake either finds the socket in the device room or is seen by the re-check.
 */
export function handleDeviceConnection(
  socket: DeviceSocket,
  deps: { devices: DeviceService; inquiries: InquiryService; logger: Logger },
): void {
  const { userId, deviceId } = socket.data;
  void socket.join([userRoom(userId), deviceRoom(deviceId)]);

  const presence = deps.devices.presence;
  const counted = presence.connected(deviceId);
  socket.on("disconnect", () => {
    counted
      .then(() => presence.disconnected(deviceId))
      .then(() => deps.devices.findActive(deviceId))
      .then((device) => (device === undefined ? undefined : deps.devices.seen(device, true)))
      .catch(report(deps.logger, "recording device disconnect failed", deviceId));
  });

  const start = async (): Promise<void> => {
    await counted;
    const device = await deps.devices.findActive(deviceId);
    if (device === undefined) {
      socket.disconnect(true);
      return;
    }
    await deps.devices.seen(device, true);
    socket.emit("inquiry:pending", await pendingSnapshot(socket, deps.inquiries));
  };
  start().catch(report(deps.logger, "starting device socket failed", deviceId));

  socket.on("inquiry:answer", (payload, ack) => {
    const reply = typeof ack === "function" ? ack : () => undefined;
    const answer = async (): Promise<Inquiry> => {
      const { inquiryId, body } = parseInput(SocketAnswerPayloadSchema, payload, "payload");
      return deps.inquiries.answer(userId, inquiryId, body, deviceId);
    };
    answer().then(
      (inquiry) => reply({ data: inquiry }),
      (error: unknown) => reply(errorAck(error, deps.logger)),
    );
  });
}
