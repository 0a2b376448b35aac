import type { RequestHandler } from "express";
import { localhostHostValidation } from "@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js";
import { HubError } from "../../core/shared/errors";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

/**
 * DNS-rebinding protection for `/mcp`: a hub bound to loopback accepts only loopback Host
 * headers (the SDK's middleware); any request carrying an `Origin` must come from an allowed
 * origin. Requests without `Origin` (server-to-server MCP clients) pass.
 */
export function createMcpGuards(options: {
  host: string;
  allowedOrigins: string[];
}): RequestHandler[] {
  const allowed = new Set(options.allowedOrigins);
  const checkOrigin: RequestHandler = (req, _res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      throw new HubError("FORBIDDEN", `Origin ${origin} is not allowed`);
    }
    next();
  };
  return LOOPBACK_HOSTS.has(options.host)
    ? [localhostHostValidation(), checkOrigin]
    : [checkOrigin];
}
