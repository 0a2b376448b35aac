import { io } from "socket.io-client";

/**
 * Opens a websocket-only Socket.IO connection to `hubUrl` as a browser page at `origin` would,
 * and tells whether the hub let it connect; either way the socket is closed again.
 */
export function socketHandshake(
  hubUrl: URL,
  token: string,
  origin: string,
): Promise<"connected" | "refused"> {
  return new Promise((resolve) => {
    const socket = io(hubUrl.origin, {
      auth: { token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin },
    });
    socket.once("connect", () => {
      socket.disconnect();
      resolve("connected");
    });
    socket.once("connect_error", () => {
      socket.disconnect();
      resolve("refused");
    });
  });
}
