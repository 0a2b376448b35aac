import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { Socket } from "socket.io";
import { SocketAnswerPayloadSchema, SocketHandshakeAuthSchema } from "@inquiry-hub/protocol";
import type {
  ClientToServerEvents,
  Inquiry,
  InquiryWithdrawn,
  ServerToClientEvents,
  SocketAck,
} from "@inquiry-hub/protocol";
import type { AuthService } from "../../core/auth-service";
import { toHubError } from "../../core/errors";
import type { InquiryService } from "../../core/inquiry-service";
import type { InquiryEvent, InquiryEventBus } from "../../core/ports";
import { parseInput } from "../http/validate";

/** What the handshake established about a connected device. */
interface DeviceData {
  userId: string;
  /** The handshake's deviceId, else the socket id; recorded as `byDeviceId` of its answers. */
  deviceId: string;
  deviceName?: string;
}

type DeviceSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  DeviceData
>;

/** The hub's live channel to devices. */
export interface SocketLayer {
  /** Disconnects every device and stops fan-out; the http server itself is left to its owner. */
  close(): void;
}

function userRoom(userId: string): string {
  return `user:${userId}`;
}

function withdrawnOf(inquiry: Inquiry): InquiryWithdrawn | undefined {
  const resolution = inquiry.resolution;
  if (resolution === null) return undefined;
  return {
    inquiryId: inquiry.id,
    status: resolution.status,
    ...(resolution.byDeviceId === undefined ? {} : { byDeviceId: resolution.byDeviceId }),
    resolvedAt: resolution.resolvedAt,
  };
}

function errorAck(error: unknown): SocketAck<Inquiry> {
  const hubError = toHubError(error);
  if (hubError.code === "INTERNAL")
    console.error("socket answer failed", hubError.cause ?? hubError);
  return { error: { code: hubError.code, message: hubError.message } };
}

/**
 * Attaches Socket.IO to the hub's http server. Each device joins its user's room, so events
 * only ever reach the owner's devices; on every (re)connect it gets the full pending list.
 * Fan-out follows the inquiry event bus, so answers from HTTP, MCP, sockets and the backstop
 * all withdraw the card everywhere.
 */
export function attachSocketLayer(
  httpServer: HttpServer,
  deps: {
    auth: AuthService;
    inquiries: InquiryService;
    bus: InquiryEventBus;
    corsOrigins: string[];
  },
): SocketLayer {
  const io = new Server<
    ClientToServerEvents,
    ServerToClientEvents,
    Record<string, never>,
    DeviceData
  >(httpServer, {
    cors: { origin: deps.corsOrigins },
    maxHttpBufferSize: 64 * 1024,
  });

  io.use((socket, next) => {
    const authenticate = async (): Promise<void> => {
      const handshake = parseInput(SocketHandshakeAuthSchema, socket.handshake.auth, "auth");
      const user = await deps.auth.authenticate(handshake.token);
      socket.data = {
        userId: user.id,
        deviceId: handshake.deviceId ?? socket.id,
        ...(handshake.deviceName === undefined ? {} : { deviceName: handshake.deviceName }),
      };
    };
    authenticate().then(
      () => next(),
      (error: unknown) => {
        const hubError = toHubError(error);
        next(Object.assign(new Error(hubError.message), { data: { code: hubError.code } }));
      },
    );
  });

  io.on("connection", (socket: DeviceSocket) => {
    const { userId } = socket.data;
    void socket.join(userRoom(userId));
    deps.inquiries.list(userId, "pending").then(
      (pending) => socket.emit("inquiry:pending", pending),
      (error: unknown) => console.error("listing pending inquiries failed", error),
    );

    socket.on("inquiry:answer", (payload, ack) => {
      const reply = typeof ack === "function" ? ack : () => undefined;
      const answer = async (): Promise<Inquiry> => {
        const { inquiryId, body } = parseInput(SocketAnswerPayloadSchema, payload, "payload");
        return deps.inquiries.answer(userId, inquiryId, body, socket.data.deviceId);
      };
      answer().then(
        (inquiry) => reply({ data: inquiry }),
        (error: unknown) => reply(errorAck(error)),
      );
    });
  });

  const unsubscribe = deps.bus.subscribe((event: InquiryEvent) => {
    const room = io.to(userRoom(event.inquiry.userId));
    switch (event.type) {
      case "inquiry.created":
        room.emit("inquiry:new", event.inquiry);
        return;
      case "inquiry.resolved": {
        const withdrawn = withdrawnOf(event.inquiry);
        if (withdrawn !== undefined) room.emit("inquiry:withdrawn", withdrawn);
        return;
      }
    }
  });

  return {
    close() {
      unsubscribe();
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
