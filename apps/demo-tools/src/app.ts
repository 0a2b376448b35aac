import type { Server } from "node:http";
import { createServer } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createLogger } from "@inquiry-hub/logging";
import type { Logger } from "@inquiry-hub/logging";
import express from "express";
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

/**
 * The composition root: an Express app serving MCP at `/mcp` behind a Host check (DNS
 * rebinding), an Origin check (browser pages) and a bearer token (any other local process),
 * so only the hub's approval proxy can run its tools. Exported so tests (and other apps'
 * tests) can run the real server in-process on port 0.
 *
 * Every request gets a fresh server from one factory, so no node holds a session: 2026-07-28
 * clients are served per request, and 2025-era clients (the hub's approval proxy among them)
 * through the SDK's stateless legacy fallback, which answers GET and DELETE with 405.
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
  const mcp = createMcpHandler(() => buildDemoMcpServer(state), {
    onerror: (error) => logger.warn({ err: error }, "MCP request failed or was refused"),
  });
  const serveMcp = toNodeHandler(mcp, {
    onerror: (error) => logger.error({ err: error }, "MCP request failed"),
  });
  app.use(express.json({ limit: "2mb" }));
  app.all("/mcp", (req, res) => serveMcp(req, res, req.body));
  app.get("/health", (_req, res) => {
    res.json({ ok: true });
  });

  const httpServer = createServer(app);
  return {
    httpServer,
    close: async () => {
      await mcp.close();
      await new Promise<void>((resolve, reject) => {
        if (!httpServer.listening) {
          resolve();
          return;
        }
        httpServer.closeAllConnections();
        httpServer.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
