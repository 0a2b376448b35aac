import { io } from "socket.io-client";
import type { Socket } from "socket.io-client";
import type {
  ClientToServerEvents,
  Inquiry,
  InquiryWithdrawn,
  ServerToClientEvents,
  SocketAck,
} from "@inquiry-hub/protocol";

/** A socket.io-client device, typed with the protocol's events. */
export type DeviceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Handshake auth as a device sends it; `unknown` so tests can send malformed ones too. */
export type HandshakeAuth = Record<string, unknown>;

/** A connected test device and what it has heard so far. */
export interface TestDevice {
  socket: DeviceSocket;
  /** The pending list of the most recent (re)connect. */
  pending: Inquiry[];
  created: Inquiry[];
  withdrawn: InquiryWithdrawn[];
}

/** Opens and tracks test devices against one hub so `closeAll` can disconnect every one. */
export interface DeviceSockets {
  /** Connects and resolves once the first `inquiry:pending` arrived; rejects on connect_error. */
  connect(auth: HandshakeAuth): Promise<TestDevice>;
  /** Connects expecting refusal; resolves with the connect_error. */
  refused(auth: HandshakeAuth): Promise<Error & { data?: unknown }>;
  closeAll(): void;
}

/** Creates the device factory for the hub at `url` (websocket only, no auto-reconnect). */
export function createDeviceSockets(url: URL): DeviceSockets {
  const open: DeviceSocket[] = [];

  function openSocket(auth: HandshakeAuth): DeviceSocket {
    const socket: DeviceSocket = io(url.origin, {
      auth,
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    open.push(socket);
    return socket;
  }

  return {
    connect(auth) {
      const socket = openSocket(auth);
      const device: TestDevice = { socket, pending: [], created: [], withdrawn: [] };
      socket.on("inquiry:new", (inquiry) => device.created.push(inquiry));
      socket.on("inquiry:withdrawn", (withdrawn) => device.withdrawn.push(withdrawn));
      socket.on("inquiry:pending", (pending) => (device.pending = pending));
      return new Promise((resolve, reject) => {
        socket.once("inquiry:pending", () => resolve(device));
        socket.once("connect_error", reject);
      });
    },
    refused(auth) {
      const socket = openSocket(auth);
      return new Promise((resolve, reject) => {
        socket.once("connect_error", resolve);
        socket.once("connect", () => reject(new Error("handshake was accepted")));
      });
    },
    closeAll() {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}

/** Resolves with the next `event` payload satisfying `accept`. */
export function nextEvent<
  E extends
    | "inquiry:new"
    | "inquiry:withdrawn"
    | "inquiry:extended"
    | "inquiry:expiring"
    | "inquiry:agent-waiting",
>(
  socket: DeviceSocket,
  event: E,
  accept: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]): void => {
      if (!accept(payload)) return;
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Emits `inquiry:answer` and resolves with the ack. */
export function answerOver(socket: DeviceSocket, payload: unknown): Promise<SocketAck<Inquiry>> {
  return new Promise((resolve) => socket.emit("inquiry:answer", payload, resolve));
}

/** Resolves once the server has disconnected the socket, with the reason. */
export function disconnected(socket: DeviceSocket): Promise<string> {
  if (socket.disconnected) return Promise.resolve("already disconnected");
  return new Promise((resolve) => socket.once("disconnect", resolve));
}
