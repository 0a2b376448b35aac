import { io } from "socket.io-client";
import { AuthResponseSchema } from "@inquiry-hub/protocol";
import type { InquiryWithdrawn } from "@inquiry-hub/protocol";
import { postJson } from "@inquiry-hub/test-kit";
import type { DeviceSocket } from "../socket-helpers";

const PASSWORD = "correct horse battery";

/** A device credential obtained through the load balancer. */
export interface BalancedLogin {
  token: string;
  userId: string;
  username: string;
}

/** Registers a user (first device) through `entry`, e.g. HAProxy's URL. */
export async function registerThrough(entry: URL, username: string): Promise<BalancedLogin> {
  const auth = AuthResponseSchema.parse(
    await postJson(new URL("/api/auth/register", entry), { username, password: PASSWORD }),
  );
  return { token: auth.token, userId: auth.user.id, username };
}

/** Logs `username` in as another device through `entry`. */
export async function loginThrough(
  entry: URL,
  username: string,
  deviceName: string,
): Promise<BalancedLogin> {
  const auth = AuthResponseSchema.parse(
    await postJson(new URL("/api/auth/login", entry), { username, password: PASSWORD, deviceName }),
  );
  return { token: auth.token, userId: auth.user.id, username };
}

/** One `inquiry:pending` snapshot a device got on a (re)connect, and when. */
export interface PendingSnapshot {
  at: number;
  ids: string[];
}

/** A device that reconnects by itself, as the web does, and records what it heard. */
export interface ReconnectingDevice {
  userId: string;
  socket: DeviceSocket;
  /** One per (re)connect, oldest first: the catch-up the hub sent. */
  snapshots: PendingSnapshot[];
  withdrawn: InquiryWithdrawn[];
  /** When the connection first dropped; undefined while it never did. */
  droppedAt: number | undefined;
}

/**
 * Connects a WebSocket-only device through `entry` with quick automatic reconnects, and
 * resolves once its first pending snapshot arrived; rejects on a refused first handshake.
 */
export function connectReconnectingDevice(
  entry: URL,
  login: BalancedLogin,
): Promise<ReconnectingDevice> {
  const socket: DeviceSocket = io(entry.origin, {
    auth: { token: login.token },
    transports: ["websocket"],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 250,
    randomizationFactor: 0,
  });
  const device: ReconnectingDevice = {
    userId: login.userId,
    socket,
    snapshots: [],
    withdrawn: [],
    droppedAt: undefined,
  };
  socket.on("inquiry:pending", (pending) =>
    device.snapshots.push({ at: Date.now(), ids: pending.map((inquiry) => inquiry.id) }),
  );
  socket.on("inquiry:withdrawn", (withdrawn) => device.withdrawn.push(withdrawn));
  socket.on("disconnect", () => (device.droppedAt ??= Date.now()));
  return new Promise((resolve, reject) => {
    socket.once("inquiry:pending", () => resolve(device));
    socket.once("connect_error", (error) => {
      if (device.snapshots.length === 0) {
        socket.disconnect();
        reject(error);
      }
    });
  });
}
