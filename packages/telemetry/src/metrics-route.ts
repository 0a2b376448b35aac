import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Registry } from "prom-client";

/**
 * Why a `/metrics` request was turned away: `query-string` (anything after `?`, where a
 * token would leak into logs) or `token` (the bearer token is missing or wrong).
 */
export interface MetricsRefusal {
  reason: "query-string" | "token";
  /** What the client is told; the app may word its error body around it. */
  message: string;
}

/**
 * Writes the 401 in the app's own error format (the hub's `{ error: { code, message } }`, the
 * agent's OpenAI-style body). `WWW-Authenticate` is already set for a `token` refusal.
 */
export type RefuseMetrics = (res: Response, refusal: MetricsRefusal) => void;

/** What {@link createMetricsRoute} serves and how it refuses. */
export interface MetricsRouteOptions {
  registry: Registry;
  /** The bearer token a scrape must carry; undefined = none (only on a loopback listener). */
  token: string | undefined;
  refuse: RefuseMetrics;
}

/** Tokens are compared as SHA-256 digests: equal length, so timingSafeEqual never throws. */
function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
function bearerTokenOf(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "");
  return match?.[1];
}

/**
 * Serves the registry in the Prometheus text format. With `token`, only to a request bearing
 * it (constant-time comparison); any query string is refused, so a token pasted into a scrape
 * URL is never accepted — it would already sit in proxy and access logs.
 */
export function createMetricsRoute({
  registry,
  token,
  refuse,
}: MetricsRouteOptions): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return async (req, res) => {
    if (req.originalUrl.includes("?")) {
      refuse(res, {
        reason: "query-string",
        message: "/metrics takes no query string: send the token as Authorization: Bearer <token>",
      });
      return;
    }
    if (expected !== undefined) {
      const offered = bearerTokenOf(req);
      if (offered === undefined || !timingSafeEqual(digest(offered), expected)) {
        res.set("WWW-Authenticate", 'Bearer realm="metrics"');
        refuse(res, { reason: "token", message: "missing or wrong metrics bearer token" });
        return;
      }
    }
    res.set("Cache-Control", "no-store");
    res.type(registry.contentType).send(await registry.metrics());
  };
}
