import { PresenceReportSchema } from "@inquiry-hub/protocol";
import type { SocketAck } from "@inquiry-hub/protocol";
import type { DeviceAttention } from "../device-attention";
import { toHubError } from "../../../kernel/errors";
import { parseInput } from "../../../platform/http/validate";
import type { DeviceSocket } from "../../../platform/socket/socket-types";

/**
 * Answers a socket's `presence:report` with `{data: {kept}}` (false: too soon after the last
 * one, dropped) or a BAD_REQUEST naming the field. The report is always about the socket's own
 * device (the payload has no device field, and the strict schema refuses one), so no device
 * can speak for another. Closing the socket forgets the device.
 */
export function handlePresenceReports(socket: DeviceSocket, attention: DeviceAttention): void {
  const { userId, deviceId } = socket.data;

  socket.on("presence:report", (payload, ack) => {
    const reply = typeof ack === "function" ? ack : () => undefined;
    try {
      const report = parseInput(PresenceReportSchema, payload, "payload");
      reply({ data: { kept: attention.report({ userId, deviceId }, report) } });
    } catch (error) {
      const hubError = toHubError(error);
      const refusal: SocketAck<{ kept: boolean }> = {
        error: { code: hubError.code, message: hubError.message },
      };
      reply(refusal);
    }
  });
  socket.on("disconnect", () => attention.forget(deviceId));
}
