/**
 * The baseline: a bare Socket.IO server (same socket.io version and options as the hub) that
 * does only what the hub's fan-out minimally must: put each client in a room, broadcast an
 * inquiry to the room, and broadcast its withdrawal when a client answers (socket ack or HTTP).
 * No auth, no store, no validation; the difference to the hub is the hub's own cost.
 *
 * Control (loopback HTTP): `POST /emit?room=r` → broadcasts `inquiry:new`, replies
 * `{id, emittedAt}`; `POST /answer?room=r&id=i` → broadcasts `inquiry:withdrawn`.
 * `POST /cycle?room=r` is the floor of one hub cycle: broadcasts `inquiry:new`, holds the
 * request until a device answers it over its socket, broadcasts `inquiry:withdrawn`, then
 * replies `{answer}` — what `send_inquiry` does, without MCP, store or checks.
 * Prints `baseline listening on <url>` when ready. Started by bench/run.ts only.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import type { InquiryWithdrawn } from "@inquiry-hub/protocol";
import { wallNow } from "./lib/clock";
import { benchInquiry } from "./lib/inquiry-payload";

function withdrawn(inquiryId: string, byDeviceId: string): InquiryWithdrawn {
  return { inquiryId, status: "answered", byDeviceId, resolvedAt: new Date().toISOString() };
}

/** `/cycle` requests waiting for their answer, by inquiry id; the first answer takes it. */
const heldCycles = new Map<string, ServerResponse>();

const httpServer = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const room = url.searchParams.get("room") ?? "";
  req.resume();
  req.once("end", () => {
    if (req.method === "POST" && url.pathname === "/emit") {
      const id = randomUUID();
      const inquiry = benchInquiry(id, room);
      const emittedAt = wallNow();
      io.to(room).emit("inquiry:new", inquiry);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id, emittedAt }));
    } else if (req.method === "POST" && url.pathname === "/cycle") {
      const id = randomUUID();
      heldCycles.set(id, res);
      io.to(room).emit("inquiry:new", benchInquiry(id, room));
    } else if (req.method === "POST" && url.pathname === "/answer") {
      io.to(room).emit("inquiry:withdrawn", withdrawn(url.searchParams.get("id") ?? "", "http"));
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    } else {
      res.writeHead(404).end();
    }
  });
});

const io = new Server(httpServer, { maxHttpBufferSize: 64 * 1024 });
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
      const held = heldCycles.get(inquiryId);
      if (held === undefined) return;
      heldCycles.delete(inquiryId);
      held.writeHead(200, { "content-type": "application/json" });
      held.end(JSON.stringify({ answer: payload.response }));
    },
  );
});

httpServer.listen(0, "127.0.0.1", () => {
  const { port } = httpServer.address() as AddressInfo;
  console.log(`baseline listening on http://127.0.0.1:${port}/`);
});

function shutdown(): void {
  io.disconnectSockets(true);
  void io.close(() => process.exit(0));
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
