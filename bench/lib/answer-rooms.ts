import { randomUUID } from "node:crypto";
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { InquiryWithdrawn } from "@inquiry-hub/protocol";
import { benchInquiry } from "./inquiry-payload";

/**
 * The devices' side of the bench's floor servers (bench/baseline-server.ts and
 * bench/sdk-only-server.ts): a bare Socket.IO server with the hub's socket.io version and
 * buffer limit, each client in the room its handshake names, no auth, no store, no checks.
 */
export interface AnswerRooms {
  readonly io: Server;
  /** Broadcasts a new inquiry's `inquiry:new` to `room`; returns its id. */
  announce(room: string): string;
  /**
   * Broadcasts `inquiry:new` to `room` and resolves with the first answer a device of it sends
   * over its socket (after `inquiry:withdrawn` went to the room): one cycle's floor.
   */
  ask(room: string): Promise<string>;
  /** Broadcasts `inquiry:withdrawn` for `inquiryId`, as an answer over HTTP would. */
  withdraw(room: string, inquiryId: string, byDeviceId: string): void;
  close(): Promise<void>;
}

function withdrawn(inquiryId: string, byDeviceId: string): InquiryWithdrawn {
  return { inquiryId, status: "answered", byDeviceId, resolvedAt: new Date().toISOString() };
}

/** Attaches the answer rooms to `httpServer`. */
export function attachAnswerRooms(httpServer: HttpServer): AnswerRooms {
  const io = new Server(httpServer, { maxHttpBufferSize: 64 * 1024 });
  /** Asks waiting for their answer, by inquiry id; the first answer takes it. */
  const waiting = new Map<string, (answer: string) => void>();
  const withdraw = (room: string, inquiryId: string, byDeviceId: string): void => {
    io.to(room).emit("inquiry:withdrawn", withdrawn(inquiryId, byDeviceId));
  };
  const broadcastNew = (room: string, id: string): void => {
    io.to(room).emit("inquiry:new", benchInquiry(id, room));
  };

  io.on("connection", (socket) => {
    const { room } = socket.handshake.auth as { room?: unknown };
    const roomName = typeof room === "string" ? room : "";
    void socket.join(roomName);
    socket.on(
      "inquiry:answer",
      (payload: { inquiryId?: unknown; response?: unknown }, ack: unknown) => {
        const inquiryId = String(payload.inquiryId);
        const event = withdrawn(inquiryId, socket.id);
        io.to(roomName).emit("inquiry:withdrawn", event);
        if (typeof ack === "function") (ack as (response: unknown) => void)({ data: event });
        const settle = waiting.get(inquiryId);
        if (settle === undefined) return;
        waiting.delete(inquiryId);
        settle(String(payload.response));
      },
    );
  });

  return {
    io,
    announce(room) {
      const id = randomUUID();
      broadcastNew(room, id);
      return id;
    },
    ask(room) {
      const id = randomUUID();
      const answered = new Promise<string>((resolve) => waiting.set(id, resolve));
      broadcastNew(room, id);
      return answered;
    },
    withdraw,
    close() {
      io.disconnectSockets(true);
      return new Promise((resolve) => void io.close(() => resolve()));
    },
  };
}
