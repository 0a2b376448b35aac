import type { Server } from "node:http";
import { createServer } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createLogger } from "@inquiry-hub/logging";
import type { Logger } from "@inquiry-hub/logging";
import express from "express";
import type { Request, Response } from "express";
import { buildDemoMcpServer } from "./mcp-server";
import type { DemoToolsState } from "./mcp-server";
import { createAccessGuards, LOOPBACK_HOSTNAMES } from "./request-guards";
import { createNotesTable } from "./sql/notes-table";

/** Configuration of {@link createDemoToolsServer}. */
export interface DemoToolsConfig {
  /** Absolute folder `write_file` is confined to; created on first write. */
  sandboxDir: string;
  /**
   * The bearer token `/mcp` requires. `main.ts` always sets one (DEMO_TOOLS_TOKEN or the token
   * file); only in-process tests that own every client may leave it out.
   */
  bearerToken?: string | undefined;
  /** Host names accepted in the Host header; default its loopback names. */
  allowedHosts?: readonly string[] | undefined;
  /** Browser origins accepted; default none, so every browser page is refused. */
  allowedOrigins?: readonly string[] | undefined;
  /** Where failed requests are reported; default: the service logger on stdout (LOG_LEVEL). */
  logger?: Logger | undefined;
}

/** A demo-tools server that is built but not yet listening; the caller picks host and port. */
export interface DemoToolsServer {
  httpServer: Server;
  close(): Promise<void>;
}

function jsonRpcError(res: Response, status: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code: -32_000, message }, id: null });
}

async function handleMcpPost(
  state: DemoToolsState,
  logger: Logger,
  req: Request,
  res: Response,
): Promise<void> {
  const server = buildDemoMcpServer(state);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    logger.error({ err: error }, "MCP request failed");
    if (!res.headersSent) jsonRpcError(res, 500, "Internal server error");
  }
}

/**
 * The composition root: an Express app serving stateless Streamable HTTP MCP at `/mcp`,
 * behind a Host check (DNS rebinding), an Origin check (browser pages) and a bearer token
 * (any other local process), so only the hub's approval proxy can run its tools. Exported so tests (and other apps' tests) can run the real server in-process on port 0.
 *
 * @example
 * const demo = createDemoToolsServer({ sandboxDir: "/tmp/sandbox", bearerToken });
 * demo.httpServer.listen(0, "127.0.0.1");
 */
export function createDemoToolsServer(config: DemoToolsConfig): DemoToolsServer {
  const state: DemoToolsState = { sandboxDir: config.sandboxDir, table: createNotesTable() };
  const logger = config.logger ?? createLogger({ service: "demo-tools" });
  const app = express();
  app.use(
    "/mcp",
    createAccessGuards({
      allowedHosts: config.allowedHosts ?? LOOPBACK_HOSTNAMES,
      allowedOrigins: config.allowedOrigins ?? [],
      bearerToken: config.bearerToken,
    }),
  );
  app.use(express.json({ limit: "2mb" }));
  app.post("/mcp", (req, res) => handleMcpPost(state, logger, req, res));
  app.all("/mcp", (_req, res) =>
    jsonRpcError(res, 405, "Method not allowed: this server is stateless, use POST."),
  );
  app.get("/health", (_req, res) => {
    res.json({ ok: true });
  });

  const httpServer = createServer(app);
  return {
    httpServer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!httpServer.listening) {
          resolve();
          return;
        }
        httpServer.closeAllConnections();
        httpServer.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
