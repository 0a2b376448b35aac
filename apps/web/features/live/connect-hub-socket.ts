import { io } from "socket.io-client";
import type { Socket } from "socket.io-client";
import { PROTOCOL_VERSION } from "@inquiry-hub/protocol";
import type { ClientToServerEvents, ServerToClientEvents } from "@inquiry-hub/protocol";
import { protocolMismatchOf } from "./protocol-mismatch";
import type { ProtocolMismatch } from "./protocol-mismatch";
import { leaveToLogin } from "@/features/auth";
import { requestSocketTicket } from "./socket-ticket-client";
import type { WebSocketTicket } from "./socket-ticket-client";

/** This tab's typed Socket.IO connection to the hub. */
export type HubSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface HubConnectionHandlers {
  /** The socket exists (events can be subscribed); called once. */
  onSocket: (socket: HubSocket, ticket: WebSocketTicket) => void;
  /** The hub refused this page's protocol version; the connection stops trying. */
  onProtocolMismatch: (mismatch: ProtocolMismatch) => void;
}

const MAX_RETRY_DELAY_MS = 15_000;

/**
 * Opens this tab's one Socket.IO connection to the hub (WebSocket only) and keeps it open:
 * every (re)connect authenticates with a fresh single-use ticket from `/api/socket-ticket`
 * (the `auth` option is a function, so Socket.IO asks for one on each attempt). A refused
 * ticket (401) or a server-side disconnect whose ticket request is refused means this
 * device was revoked: the tab goes to the login page. Every handshake sends this page's
 * `PROTOCOL_VERSION`; a hub speaking another one refuses it, and since retrying cannot help
 * (only a reload brings matching code) the connection stops and reports the mismatch.
 * Returns the cleanup.
 */
export function connectHubSocket(handlers: HubConnectionHandlers): () => void {
  let disposed = false;
  let socket: HubSocket | undefined;
  let ready: WebSocketTicket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  async function freshTicket(): Promise<WebSocketTicket | undefined> {
    const result = await requestSocketTicket();
    if (result.kind === "unauthorized") {
      disposed = true;
      leaveToLogin();
    }
    return result.kind === "ok" ? result.ticket : undefined;
  }

  function scheduleRetry(run: () => void) {
    if (disposed) return;
    const delay = Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
    attempt += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(run, delay);
  }

  function reconnect() {
    if (disposed || socket === undefined || socket.connected) return;
    void freshTicket().then((ticket) => {
      if (disposed || socket === undefined) return;
      if (ticket === undefined) {
        scheduleRetry(reconnect);
        return;
      }
      ready = ticket;
      socket.connect();
    });
  }

  function open(ticket: WebSocketTicket) {
    ready = ticket;
    const created: HubSocket = io(ticket.hubUrl, {
      transports: ["websocket"],
      autoConnect: false,
      reconnectionDelayMax: 5_000,
      auth: (send) => {
        const prefetched = ready;
        ready = undefined;
        if (prefetched !== undefined) {
          send({ ticket: prefetched.ticket, protocolVersion: PROTOCOL_VERSION });
          return;
        }
        void freshTicket().then((fresh) =>
          send(
            fresh === undefined
              ? { protocolVersion: PROTOCOL_VERSION }
              : { ticket: fresh.ticket, protocolVersion: PROTOCOL_VERSION },
          ),
        );
      },
    });
    socket = created;
    created.on("connect", () => {
      attempt = 0;
    });
    created.on("connect_error", (error) => {
      const mismatch = protocolMismatchOf(error);
      if (mismatch !== undefined) {
        disposed = true;
        clearTimeout(retryTimer);
        handlers.onProtocolMismatch(mismatch);
        return;
      }
      if (!created.active) scheduleRetry(reconnect);
    });
    created.on("disconnect", (reason) => {
      if (reason === "io server disconnect") reconnect();
    });
    handlers.onSocket(created, ticket);
    created.connect();
  }

  function start() {
    void freshTicket().then((ticket) => {
      if (disposed) return;
      if (ticket === undefined) scheduleRetry(start);
      else open(ticket);
    });
  }

  start();
  return () => {
    disposed = true;
    clearTimeout(retryTimer);
    socket?.removeAllListeners();
    socket?.disconnect();
  };
}
