/**
 * A load generator process: holds many socket.io-client devices (websocket only, no
 * reconnection) so the clients' CPU never competes inside the process being measured.
 * Driven by bench/run.ts over IPC (see worker-messages.ts); exits on `close` or when the
 * parent goes away.
 */
import { io } from "socket.io-client";
import type { Socket } from "socket.io-client";
import type { Inquiry, InquiryWithdrawn, SocketAck } from "@inquiry-hub/protocol";
import { wallNow } from "../lib/clock";
import { emptyTally } from "./worker-messages";
import type { DeviceSpec, FromWorker, ToWorker, WorkerMode } from "./worker-messages";

/** Handshakes in flight at once: enough to connect thousands quickly without a SYN storm. */
const CONNECT_CONCURRENCY = 50;

const sockets: Socket[] = [];
const tally = emptyTally();

function send(message: FromWorker): void {
  process.send?.(message);
}

function connectOne(spec: DeviceSpec): Promise<Socket> {
  const socket = io(spec.url, {
    auth: spec.auth,
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

function answer(socket: Socket, inquiryId: string): Promise<{ accepted: boolean; sentAt: number }> {
  const sentAt = wallNow();
  tally.answersSent += 1;
  const body = { inquiryId, action: "answer", response: `answer-${inquiryId}` };
  return new Promise((resolve) => {
    socket.emit("inquiry:answer", body, (ack: SocketAck<Inquiry>) => {
      const accepted = "data" in ack;
      if (accepted) tally.answersAccepted += 1;
      else tally.answersRefused += 1;
      resolve({ accepted, sentAt });
    });
  });
}

/** Counts one device's delivery of an inquiry event; true for its first delivery to this device. */
function deliver(seen: Map<string, Set<number>>, inquiryId: string, device: number): Set<number> {
  const devices = seen.get(inquiryId) ?? new Set<number>();
  seen.set(inquiryId, devices);
  if (devices.has(device)) tally.duplicateDeliveries += 1;
  devices.add(device);
  return devices;
}

function listen(specs: DeviceSpec[], mode: WorkerMode): void {
  const created = new Map<string, Set<number>>();
  const withdrawn = new Map<string, Set<number>>();
  const answered = new Map<string, string>();
  const usersDevices = new Map<string, number[]>();
  specs.forEach((spec, index) => {
    usersDevices.set(spec.userId, [...(usersDevices.get(spec.userId) ?? []), index]);
  });

  const complete =
    (event: "inquiry:new" | "inquiry:withdrawn", seen: Map<string, Set<number>>) =>
    (id: string, device: number, at: number): void => {
      if (deliver(seen, id, device).size < sockets.length) return;
      seen.delete(id);
      send({ type: "all", event, inquiryId: id, lastAt: at });
    };
  const reportNew = complete("inquiry:new", created);
  const reportWithdrawn = complete("inquiry:withdrawn", withdrawn);

  sockets.forEach((socket, device) => {
    if (mode === "idle") {
      const stray = (): void => {
        tally.strayDeliveries += 1;
      };
      socket.on("inquiry:new", stray);
      socket.on("inquiry:withdrawn", stray);
      return;
    }
    socket.on("inquiry:new", (inquiry: Inquiry) => {
      const at = wallNow();
      if (mode === "report") return reportNew(inquiry.id, device, at);
      deliver(created, inquiry.id, device);
      if (answered.has(inquiry.id)) return;
      answered.set(inquiry.id, inquiry.userId);
      const candidates = usersDevices.get(inquiry.userId) ?? [device];
      const chosen = candidates[Math.floor(Math.random() * candidates.length)] ?? device;
      void answer(sockets[chosen] ?? socket, inquiry.id);
    });
    socket.on("inquiry:withdrawn", (event: InquiryWithdrawn) => {
      const at = wallNow();
      if (mode === "report") reportWithdrawn(event.inquiryId, device, at);
      else deliver(withdrawn, event.inquiryId, device);
    });
  });

  process.on("message", (message: ToWorker) => {
    if (message.type === "answer") {
      const socket = sockets[message.device];
      if (socket === undefined) return send({ type: "failed", message: "no such device" });
      void answer(socket, message.inquiryId).then(({ accepted, sentAt }) =>
        send({ type: "answered", inquiryId: message.inquiryId, accepted, sentAt }),
      );
    } else if (message.type === "tally") {
      for (const [id, userId] of answered) {
        const expected = usersDevices.get(userId)?.length ?? 0;
        if ((withdrawn.get(id)?.size ?? 0) < expected) tally.missingWithdrawals += 1;
      }
      send({ type: "tally", tally });
    }
  });
}

async function connectAll(specs: DeviceSpec[], mode: WorkerMode): Promise<void> {
  for (let start = 0; start < specs.length; start += CONNECT_CONCURRENCY) {
    await Promise.all(
      specs.slice(start, start + CONNECT_CONCURRENCY).map((spec) => connectOne(spec)),
    );
  }
  listen(specs, mode);
  send({ type: "connected", count: sockets.length });
}

function closeAll(): void {
  for (const socket of sockets.splice(0)) socket.disconnect();
  process.disconnect?.();
}

process.on("message", (message: ToWorker) => {
  if (message.type === "connect") {
    connectAll(message.devices, message.mode).catch((error: unknown) =>
      send({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  } else if (message.type === "close") {
    closeAll();
  }
});
process.once("disconnect", () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
