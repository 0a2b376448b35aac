import type { Request, Response } from "express";
import { classifyInboundRequest, createMcpHandler } from "@modelcontextprotocol/server";
import type { InboundHttpRequest, McpServerFactory } from "@modelcontextprotocol/server";
import { requestPrincipal } from "../http/authenticate";
import type { Logger } from "../../../kernel/ports";
import { toAuthInfo } from "./modern-caller";
import { parseSessionOptions } from "../../../platform/mcp/session-options";
import { serveThroughFetchFace } from "../../../platform/mcp/node-fetch-face";
import { isSessionMessage } from "./session-message";

/** One MCP URL serving every protocol generation in use. */
export interface EraRouter {
  /** Serves an authenticated request of either generation. */
  handle(req: Request, res: Response): Promise<void>;
  /** Aborts every 2026-07-28 exchange in flight (the legacy side closes its own sessions). */
  close(): Promise<void>;
}

/**
 * True for a request of the 2025 generations, by the SDK's own classifier, the one its
 * `isLegacyRequest` runs. It reads the headers and the body Express already parsed, so no web
 * `Request` is built just to be classified (that copy cost more than the rest of the routing).
 * A POST without a JSON body is legacy, as there: the session transport answers it. A message
 * of an open session is told legacy without it (isSessionMessage), with the same answer.
 */
function isLegacy(req: Request): boolean {
  if (req.method === "POST" && isSessionMessage(req)) return true;
  const body: unknown = req.body;
  if (req.method.toUpperCase() === "POST" && body === undefined) return true;
  const inbound: InboundHttpRequest = { httpMethod: req.method };
  const protocolVersion = req.header("mcp-protocol-version");
  const method = req.header("mcp-method");
  const name = req.header("mcp-name");
  if (protocolVersion !== undefined) inbound.protocolVersionHeader = protocolVersion;
  if (method !== undefined) inbound.mcpMethodHeader = method;
  if (name !== undefined) inbound.mcpNameHeader = name;
  if (body !== undefined) inbound.body = body;
  return classifyInboundRequest(inbound).kind === "legacy";
}

/**
 * Routes each request of one MCP URL (`/mcp`, `/proxy/<name>/mcp`) by its generation, with
 * the SDK's own classifier: requests without the 2026-07-28 per-request envelope
 * (initialize, session-bound POST, GET and DELETE of 2025-03-26 … 2025-11-25 clients) go to
 * `legacy`, unchanged; the rest to the stateless handler, which builds a server per request
 * from `modernServer` and answers a 2025-era request it is handed with "unsupported protocol
 * version" (it never serves one itself). Progress goes on the request's own response, which
 * the SDK upgrades to SSE when a notification precedes the result. The handler is reached
 * through serveThroughFetchFace, which hands it the body Express parsed and a header-only
 * web Request instead of re-serializing the body into one. Both paths run behind
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

  return {
    async handle(req, res) {
      if (isLegacy(req)) return deps.legacy(req, res);
      // The per-request server factory reads the URL's options too, but a refusal thrown
      // there would reach the client as a 500: a bad `?hold=` is the caller's 400, here.
      parseSessionOptions(req.query);
      const auth = toAuthInfo(requestPrincipal(req));
      await serveThroughFetchFace(modern.fetch, Object.assign(req, { auth }), res, req.body);
    },
    close: () => modern.close(),
  };
}
