import { once } from "node:events";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A loopback port that was free a moment ago: the kernel picks it and we release it. For
 * servers that cannot listen on port 0 and report the port they got (redis-server, services
 * that log their configured port).
 */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}
