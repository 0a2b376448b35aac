import type { RequestHandler } from "express";
import { localhostHostValidation } from "@modelcontextprotocol/node";
import { HubError } from "../../kernel/errors";
import { isAllowedOrigin } from "./mcp-origin";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

/**
 * DNS-rebinding protection for `/mcp`: a hub bound to loopback accepts only loopback Host
 * headers (the SDK's middleware); any request carrying an `Origin` must come from an allowed
 * origin or the hub's own (see `isAllowedOrigin`). Requests without `Origin`
 * (server-to-server MCP clients) pass.
 */
export function createMcpGuards(options: {
  host: string;
  allowedOrigins: string[];
}): RequestHandler[] {
  const allowed = new Set(options.allowedOrigins);
  const checkOrigin: RequestHandler = (req, _res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, req.headers.host, allowed)) {
      throw new HubError("FORBIDDEN", `Origin ${origin} is not allowed`);
    }
    next();
  };
  const validateHost = localhostHostValidation();
  const checkHost: RequestHandler = (req, res, next) => {
    if (validateHost(req, res)) next();
  };
  return LOOPBACK_HOSTS.has(options.host) ? [checkHost, checkOrigin] : [checkOrigin];
}
