import { createServer } from "node:net";
import type { AddressInfo, Socket } from "node:net";

/**
 * A TCP listener on 127.0.0.1 that counts every connection and closes it: the target of
 * server-side request forgery attacks. A plain HTTP receiver would miss an https attempt (a
 * TLS handshake is no request), while any connection at all shows here.
 */
export interface Tripwire {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

export async function startTripwire(): Promise<Tripwire> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections: () => count,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
