import type { IncomingMessage } from "node:http";
import type { Server } from "node:https";
import type { Socket } from "node:net";

/** How much of the front door one idle or greedy client on the Wi-Fi can hold. */
export interface ConnectionLimits {
  /**
   * A connection must finish its TLS handshake and send its first request within this many
   * milliseconds of being accepted, or it is closed (LAN_FIRST_REQUEST_TIMEOUT_MS).
   */
  firstRequestTimeoutMs: number;
  /**
   * Connections one address may hold open at once (LAN_MAX_CONNECTIONS_PER_ADDRESS); one more
   * is closed as soon as it is accepted, before any TLS work.
   */
  maxConnectionsPerAddress: number;
}

/** The guard of one server. */
export interface ConnectionGuard {
  /** Destroys every connection it tracks, those still in their TLS handshake included. */
  destroyAll(): void;
}

/** One TCP connection's identity, the same for the accepted socket and the TLS one over it. */
function connectionKey(socket: Socket): string {
  return `${socket.remoteAddress ?? ""}|${socket.remotePort ?? ""}`;
}

/**
 * Bounds what a client that opens connections and sends nothing can hold: Node's defaults
 * wait 120 s for a TLS handshake and longer for a first request, with no limit per address,
 * so anyone on the Wi-Fi could pin the front door's sockets and memory. Counted and timed on
 * the accepted TCP socket, so a connection that never even starts its handshake is covered.
 * A websocket keeps its connection past the deadline: its upgrade request was its first
 * request.
 */
export function guardConnections(server: Server, limits: ConnectionLimits): ConnectionGuard {
  const openPerAddress = new Map<string, number>();
  const awaitingFirstRequest = new Map<string, NodeJS.Timeout>();
  const accepted = new Set<Socket>();

  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    const open = address === undefined ? 0 : (openPerAddress.get(address) ?? 0);
    if (address === undefined || open >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    openPerAddress.set(address, open + 1);
    accepted.add(socket);
    const key = connectionKey(socket);
    const deadline = setTimeout(() => socket.destroy(), limits.firstRequestTimeoutMs);
    awaitingFirstRequest.set(key, deadline);
    socket.once("close", () => {
      clearTimeout(deadline);
      awaitingFirstRequest.delete(key);
      accepted.delete(socket);
      const left = (openPerAddress.get(address) ?? 1) - 1;
      if (left > 0) openPerAddress.set(address, left);
      else openPerAddress.delete(address);
    });
  });

  function markServed(request: IncomingMessage): void {
    const key = connectionKey(request.socket);
    clearTimeout(awaitingFirstRequest.get(key));
    awaitingFirstRequest.delete(key);
  }
  server.on("request", markServed);
  server.on("upgrade", markServed);

  return {
    destroyAll() {
      for (const socket of accepted) socket.destroy();
    },
  };
}
