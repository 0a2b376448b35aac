import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { ServerOptions } from "socket.io";
import type { AuthService } from "../features/accounts/auth-service";
import type { DeviceService } from "../features/accounts/device-service";
import type { ReceiptService } from "../features/receipts/receipt-service";
import { startReceiptFanOut } from "../features/receipts/socket/receipt-fan-out";
import { handleReceiptReports } from "../features/receipts/socket/receipt-reports";
import type { DeviceAttention } from "../features/accounts/device-attention";
import { handlePresenceReports } from "../features/accounts/socket/presence-reports";
import type { InquiryService } from "../features/inquiries/inquiry-service";
import type { InquiryEventBus } from "../features/inquiries/ports";
import type { SocketTicketService } from "../features/accounts/socket-ticket-service";
import { handleDeviceConnection } from "../features/inquiries/socket/device-connection";
import { resyncDevicesOnResume } from "../features/inquiries/socket/resync-on-resume";
import { startSocketFanOut } from "../features/inquiries/socket/socket-fan-out";
import { createSocketHandshake } from "../features/accounts/socket/socket-handshake";
import { originAllowlist } from "../platform/socket/socket-origin";
import { deviceRoom } from "../platform/socket/socket-types";
import type { DeviceServer } from "../platform/socket/socket-types";
import type { Logger } from "../kernel/ports";
import type { InquiryMetrics } from "../features/inquiries/inquiry-metrics";
import type { InquiryTracing } from "../features/inquiries/inquiry-tracing";

/** The hub's live channel to devices. */
export interface SocketLayer {
  /** The server, for parts that query sockets across nodes (room presence). */
  io: DeviceServer;
  /** Disconnects every device and stops fan-out; the http server itself is left to its owner. */
  close(): void;
}

/**
 * Attaches Socket.IO to the hub's http server (same port as the HTTP API). Each device joins
 * its user's room, so events only ever reach the owner's devices, and its device room, so a
 * revoked device is cut off at once (`disconnectSockets` also reaches other nodes once a
 * cluster adapter is installed).
 *
 * With `adapter` (several nodes) only the websocket transport is offered: one connection per
 * device, never long-polling requests spread over nodes, so a load balancer in front needs
 * no sticky sessions.
 */
export function attachSocketLayer(
  httpServer: HttpServer,
  deps: {
    auth: AuthService;
    devices: DeviceService;
    tickets: SocketTicketService;
    inquiries: InquiryService;
    receipts: ReceiptService;
    /** Keeps each device's `presence:report` (visible, focused). */
    attention: DeviceAttention;
    bus: InquiryEventBus;
    corsOrigins: string[];
    adapter?: ServerOptions["adapter"] | undefined;
    logger: Logger;
    /** Counts inquiries that reached this node's sockets; nothing by default. */
    metrics?: InquiryMetrics;
    /** Traces fan-outs to this node's sockets; nothing by default. */
    tracing?: InquiryTracing;
  },
): SocketLayer {
  const io: DeviceServer = new Server(httpServer, {
    cors: { origin: deps.corsOrigins },
    allowRequest: originAllowlist(deps.corsOrigins),
    maxHttpBufferSize: 64 * 1024,
    ...(deps.adapter === undefined
      ? {}
      : { adapter: deps.adapter, transports: ["websocket" as const] }),
  });

  io.use(createSocketHandshake(deps));
  io.on("connection", (socket) => {
    handleDeviceConnection(socket, deps);
    handleReceiptReports(socket, deps);
    handlePresenceReports(socket, deps);
  });
  const stopFanOut = startSocketFanOut(io, deps);
  const stopReceiptFanOut = startReceiptFanOut(io, deps);
  const stopResync = resyncDevicesOnResume(io, deps);
  const stopRevocations = deps.devices.onRevoked((device) => {
    io.in(deviceRoom(device.id)).disconnectSockets(true);
  });

  return {
    io,
    close() {
      stopFanOut();
      stopReceiptFanOut();
      stopResync();
      stopRevocations();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
