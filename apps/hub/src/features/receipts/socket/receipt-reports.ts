import { SocketReceiptPayloadSchema } from "@inquiry-hub/protocol";
import type { SocketAck } from "@inquiry-hub/protocol";
import type { DeviceService } from "../../accounts/device-service";
import type { ReceiptService } from "../receipt-service";
import { HubError, toHubError } from "../../../kernel/errors";
import type { Logger } from "../../../kernel/ports";
import { parseInput } from "../../../platform/http/validate";
import type { DeviceSocket } from "../../../platform/socket/socket-types";

/**
 * Reports one socket may make per minute. A device reports each card twice at most
 * (delivered, seen), so this covers a reconnect re-reporting a long pending list; past it,
 * reports are refused without touching any store.
 */
export const RECEIPT_REPORTS_PER_MINUTE = 240;

/**
 * Answers a socket's `inquiry:receipt` reports with `{data: {recorded}}` or
 * `{error: {code, message}}`: a bad payload is BAD_REQUEST, someone else's inquiry NOT_FOUND,
 * too many reports RATE_LIMITED.
 */
export function handleReceiptReports(
  socket: DeviceSocket,
  deps: { receipts: ReceiptService; devices: DeviceService; logger: Logger },
): void {
  const { userId, deviceId } = socket.data;
  let windowStartMs = Date.now();
  let reportsInWindow = 0;
  let deviceName: Promise<string> | undefined;

  function withinRate(): boolean {
    const nowMs = Date.now();
    if (nowMs - windowStartMs >= 60_000) {
      windowStartMs = nowMs;
      reportsInWindow = 0;
    }
    reportsInWindow += 1;
    return reportsInWindow <= RECEIPT_REPORTS_PER_MINUTE;
  }

  socket.on("inquiry:receipt", (payload, ack) => {
    const reply = typeof ack === "function" ? ack : () => undefined;
    const report = async (): Promise<{ recorded: boolean }> => {
      const parsed = parseInput(SocketReceiptPayloadSchema, payload, "payload");
      if (!withinRate())
        throw new HubError("RATE_LIMITED", "too many receipt reports; try again in a minute");
      deviceName ??= deps.devices.nameOf(deviceId).then((name) => name ?? deviceId);
      const recorded = await deps.receipts.fromDevice(
        { userId, deviceId, deviceName: await deviceName },
        parsed,
      );
      return { recorded };
    };
    report().then(
      (data) => reply({ data }),
      (error: unknown) => {
        const hubError = toHubError(error);
        if (hubError.code === "INTERNAL")
          deps.logger.error({ err: hubError.cause ?? hubError, deviceId }, "receipt failed");
        const refusal: SocketAck<{ recorded: boolean }> = {
          error: { code: hubError.code, message: hubError.message },
        };
        reply(refusal);
      },
    );
  });
}
