"use client";

import { useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { connectHubSocket } from "./connect-hub-socket";
import type { HubSocket } from "./connect-hub-socket";
import type { ProtocolMismatch } from "./protocol-mismatch";

/** The socket's lifecycle as React state, and the socket itself for sending. */
export interface HubSocketState {
  connected: boolean;
  /** Increases on every (re)connect. */
  connectCount: number;
  protocolMismatch: ProtocolMismatch | undefined;
  /** The current socket, once opened; a ref because sending must not re-render anything. */
  socketRef: RefObject<HubSocket | undefined>;
}

/**
 * Opens this tab's one socket (tickets, reconnects and the protocol check are
 * `connectHubSocket`'s) and tracks whether it is up. `subscribe` adds the event handlers
 * once the socket exists, with this tab's device id from the ticket; it must be stable (a
 * `useCallback`), since a new one reconnects.
 */
export function useHubSocket(
  subscribe: (socket: HubSocket, deviceId: string | undefined) => void,
): HubSocketState {
  const socketRef = useRef<HubSocket | undefined>(undefined);
  const [connected, setConnected] = useState(false);
  const [connectCount, setConnectCount] = useState(0);
  const [protocolMismatch, setProtocolMismatch] = useState<ProtocolMismatch | undefined>();

  useEffect(
    () =>
      connectHubSocket({
        onSocket(socket, ticket) {
          socketRef.current = socket;
          socket.on("connect", () => {
            setConnected(true);
            setConnectCount((count) => count + 1);
          });
          socket.on("disconnect", () => setConnected(false));
          subscribe(socket, ticket.deviceId);
        },
        onProtocolMismatch: setProtocolMismatch,
      }),
    [subscribe],
  );

  return { connected, connectCount, protocolMismatch, socketRef };
}
