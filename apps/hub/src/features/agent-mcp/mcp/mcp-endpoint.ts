import type { Request, Response } from "express";
import type { McpServerFactory } from "@modelcontextprotocol/server";
import type { Logger } from "../../../kernel/ports";
import type { McpSessions } from "./mcp-sessions";
import { createEraRouter } from "../../accounts/mcp/era-router";

/** `/mcp` for every protocol generation in use. */
export interface McpEndpoint {
  /** Serves an authenticated request of either generation. */
  handle(req: Request, res: Response): Promise<void>;
  /** Closes a revoked device's legacy sessions; their in-flight calls are cancelled. */
  closeDevice(deviceId: string): Promise<void>;
  /** Closes every legacy session and aborts every 2026-07-28 exchange in flight. */
  close(): Promise<void>;
}

/**
 * `/mcp`: the legacy session table and the per-request hub server behind one URL
 * (see createEraRouter for how requests are told apart).
 */
export function createMcpEndpoint(deps: {
  legacy: McpSessions;
  modernServer: McpServerFactory;
  logger: Logger;
}): McpEndpoint {
  const router = createEraRouter({
    legacy: (req, res) => deps.legacy.handle(req, res),
    modernServer: deps.modernServer,
    logger: deps.logger,
    endpoint: "/mcp",
  });

  return {
    handle: (req, res) => router.handle(req, res),
    closeDevice: (deviceId) => deps.legacy.closeDevice(deviceId),
    async close() {
      await Promise.all([deps.legacy.close(), router.close()]);
    },
  };
}
