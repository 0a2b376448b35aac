import { createHash, timingSafeEqual } from "node:crypto";
import { hostHeaderValidation } from "@modelcontextprotocol/node";
import type { RequestHandler, Response } from "express";

/** Host names demo-tools answers to unless configured otherwise: its loopback names. */
export const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

/** Who may reach demo-tools' MCP endpoint. */
export interface AccessPolicy {
  /** Host header names accepted (port-agnostic; IPv6 in brackets). */
  allowedHosts: readonly string[];
  /** Browser origins accepted; a request with any other `Origin` is refused. */
  allowedOrigins: readonly string[];
  /** The bearer token every MCP request must carry; absent only for in-process tests. */
  bearerToken?: string | undefined;
}

function refuse(res: Response, status: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code: -32_000, message }, id: null });
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * A browser page may only talk to demo-tools from an allowed origin. Requests without an
 * `Origin` (the hub's proxy, other server-side MCP clients) pass: a browser always sends it
 * on cross-origin POSTs, which is what a DNS-rebinding or drive-by page would make.
 */
function originGuard(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || allowed.has(origin)) {
      next();
      return;
    }
    refuse(
      res,
      403,
      `Origin ${origin} is not allowed to call demo-tools (DEMO_TOOLS_ALLOWED_ORIGINS lists the allowed ones)`,
    );
  };
}

/**
 * Requires `Authorization: Bearer <token>`; compares digests in constant time so the
 * response time does not leak how much of a guess was right.
 */
function bearerGuard(token: string): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    if (match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected)) {
      next();
      return;
    }
    res.setHeader("WWW-Authenticate", 'Bearer realm="demo-tools"');
    refuse(
      res,
      401,
      match === null
        ? "demo-tools needs Authorization: Bearer <token>; the hub's approval proxy holds it (see config/README.md)"
        : "demo-tools refused the bearer token: it is not the one in DEMO_TOOLS_TOKEN or the token file",
    );
  };
}

/**
 * The MCP SDK's own Host check as Express middleware: the SDK answers a refused request with
 * its 403 itself and returns false, so `next` only runs for an allowed Host.
 */
function hostGuard(allowedHosts: readonly string[]): RequestHandler {
  const isAllowed = hostHeaderValidation([...allowedHosts]);
  return (req, res, next) => {
    if (isAllowed(req, res)) next();
  };
}

/**
 * The middleware in front of `/mcp`, cheapest refusal first: Host (DNS rebinding, 403),
 * Origin (403), then the bearer token (401).
 */
export function createAccessGuards(policy: AccessPolicy): RequestHandler[] {
  const guards = [hostGuard(policy.allowedHosts), originGuard(policy.allowedOrigins)];
  return policy.bearerToken === undefined ? guards : [...guards, bearerGuard(policy.bearerToken)];
}
