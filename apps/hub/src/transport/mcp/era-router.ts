import type { Request, Response } from "express";
import { toNodeHandler, toWebRequest } from "@modelcontextprotocol/node";
import { createMcpHandler, isLegacyRequest } from "@modelcontextprotocol/server";
import type { McpServerFactory } from "@modelcontextprotocol/server";
import { requestPrincipal } from "../http/authenticate";
import type { Logger } from "../../core/shared/ports";
import { toAuthInfo } from "./modern-caller";

/** One MCP URL serving every protocol generation in use. */
export interface EraRouter {
  /** Serves an authenticated request of either generation. */
  handle(req: Request, res: Response): Promise<void>;
  /** Aborts every 2026-07-28 exchange in flight (the legacy side closes its own sessions). */
  close(): Promise<void>;
}

/**
 * Routes each request of one MCP URL (`/mcp`, `/proxy/<name>/mcp`) by its generation, with
 * the SDK's own classifier: requests without the 2026-07-28 per-request envelope
 * (initialize, session-bound POST, GET and DELETE of 2025-03-26 … 2025-11-25 clients) go to
 * `legacy`, unchanged; the rest to the stateless handler, which builds a server per request
 * from `modernServer` and answers a 2025-era request it is handed with "unsupported protocol
 * version" (it never serves one itself). Progress goes on the request's own response, which
 * the SDK upgrades to SSE when a notification precedes the result. Both paths run behind
 * the caller's guards, bearer auth and limits; the principal reaches the modern server as
 * `authInfo` (see modern-caller.ts).
 */
export function createEraRouter(deps: {
  legacy: (req: Request, res: Response) => Promise<void>;
  modernServer: McpServerFactory;
  logger: Logger;
  /** Names the URL in the log line of a failed 2026-07-28 request. */
  endpoint: string;
}): EraRouter {
  const onerror = (error: Error): void =>
    deps.logger.warn({ err: error, endpoint: deps.endpoint }, "a 2026-07-28 MCP request failed");
  const modern = createMcpHandler(deps.modernServer, { legacy: "reject", onerror });
  const serveModern = toNodeHandler(modern, { onerror });

  return {
    async handle(req, res) {
      const probe = await toWebRequest(req, req.body);
      if (await isLegacyRequest(probe, req.body)) return deps.legacy(req, res);
      const auth = toAuthInfo(requestPrincipal(req));
      await serveModern(Object.assign(req, { auth }), res, req.body);
    },
    close: () => modern.close(),
  };
}
