import { PresenceReportSchema } from "@inquiry-hub/protocol";
import type { SocketAck } from "@inquiry-hub/protocol";
import type { DeviceAttention } from "../device-attention";
import { toHubError } from "../../../kernel/errors";
import type { Logger } from "../../../kernel/ports";
import { parseInput } from "../../../platform/http/validate";
import type { DeviceSocket } from "../../../platform/socket/socket-types";

/**
 * Answers a socket's `presence:report` with `{data: {kept}}` (false: too soon after the last
 * one, dropped) or a BAD_REQUEST naming the field. The report is always about the socket's own
 * device (the payload has no device field, and the strict schema refuses one), so no device
 * can speak for another. Closing the socket forgets the connection (a tab that was in front
 * stays here for a short grace, so a page reload is not leaving).
 */
export function handlePresenceReports(
  socket: DeviceSocket,
  deps: { attention: DeviceAttention; logger: Logger },
): void {
  const { userId, deviceId } = socket.data;
  const connection = { userId, deviceId, connectionId: socket.id };
  const { attention } = deps;

  socket.on("presence:report", (payload, ack) => {
    const reply = typeof ack === "function" ? ack : () => undefined;
    const keep = async () =>
      attention.report(connection, parseInput(PresenceReportSchema, payload, "payload"));
    keep().then(
      (kept) => reply({ data: { kept } }),
      (error: unknown) => {
        const hubError = toHubError(error);
        if (hubError.code === "INTERNAL")
          deps.logger.error({ err: hubError.cause ?? hubError, deviceId }, "presence failed");
        const refusal: SocketAck<{ kept: boolean }> = {
          error: { code: hubError.code, message: hubError.message },
        };
        reply(refusal);
      },
    );
  });
  socket.on("disconnect", () => {
    attention
      .forget(connection)
      .catch((error: unknown) =>
        deps.logger.error({ err: error, deviceId }, "forgetting a device's presence failed"),
      );
  });
}
