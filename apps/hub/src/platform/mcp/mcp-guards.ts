import type { RequestHandler } from "express";
import { localhostHostValidation } from "@modelcontextprotocol/node";
import { HubError } from "../../kernel/errors";
import { isAllowedOrigin } from "./mcp-origin";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);
/** Admitted Host values remembered at most: `localhost:port`, `127.0.0.1:port`, `[::1]:port`… */
const MAX_ADMITTED_HOSTS = 16;

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
  // The SDK's check parses the Host header as a URL on every request; its verdict depends on
  // that header alone, so Host values it admitted are remembered (a bounded few: one per name
  // clients use for the hub) and a refused one is checked, and refused, every time.
  const admittedHosts = new Set<string>();
  const checkHost: RequestHandler = (req, res, next) => {
    const host = req.headers.host;
    if (host !== undefined && admittedHosts.has(host)) {
      next();
      return;
    }
    if (!validateHost(req, res)) return;
    if (host !== undefined && admittedHosts.size < MAX_ADMITTED_HOSTS) admittedHosts.add(host);
    next();
  };
  return LOOPBACK_HOSTS.has(options.host) ? [checkHost, checkOrigin] : [checkOrigin];
}
