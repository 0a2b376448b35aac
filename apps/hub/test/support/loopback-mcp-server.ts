import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import type { createMcpHandler } from "@modelcontextprotocol/server";

/** An MCP handler served over HTTP on 127.0.0.1. */
export interface LoopbackMcpServer {
  /** Its `/mcp` endpoint. */
  url: URL;
  /** Closes the handler's sessions, then every connection and the listener. */
  close(): Promise<void>;
}

/**
 * Serves `mcp` on 127.0.0.1:<free port>, the way the test upstreams stand in for a real MCP
 * server. `admit`, if given, sees each request first (to record it, or to check its token)
 * and returns false when it has answered the request itself.
 */
export async function serveMcpOnLoopback(
  mcp: ReturnType<typeof createMcpHandler>,
  admit: (req: IncomingMessage, res: ServerResponse) => boolean = () => true,
): Promise<LoopbackMcpServer> {
  const serve = toNodeHandler(mcp);
  const httpServer = createServer((req, res) => {
    if (admit(req, res)) void serve(req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    async close() {
      await mcp.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
