import { once } from "node:events";
import { connect, createServer } from "node:net";
import type { AddressInfo, Socket } from "node:net";

/** A TCP relay on loopback between a hub node and Redis whose link can be cut at will. */
export interface PausableProxy {
  /** `redis://127.0.0.1:<relay port>`, to give the node instead of Redis' own URL. */
  url: string;
  /** Drops every relayed connection and refuses new ones until `heal`. */
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

/** Starts the relay to `127.0.0.1:targetPort`. */
export async function startPausableProxy(targetPort: number): Promise<PausableProxy> {
  const open = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect({ host: "127.0.0.1", port: targetPort });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    heal() {
      down = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}
