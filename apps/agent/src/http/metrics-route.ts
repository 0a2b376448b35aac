import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { Registry } from "prom-client";
import { AgentError } from "../errors/agent-error";
import { readBearerToken } from "./bearer";
import { sendOpenAiError } from "./openai-error";

/**
 * Where `/metrics` is served (METRICS_TOKEN, METRICS_PORT, METRICS_HOST):
 * - `off`: nowhere (the default; the route answers 404 like any unknown path);
 * - `main-port`: on the agent's own port, only with `Authorization: Bearer <token>`;
 * - `own-port`: on a listener of its own (loopback by default), with the token when one is set.
 */
export type MetricsExposure =
  | { kind: "off" }
  | { kind: "main-port"; token: string }
  | { kind: "own-port"; port: number; host: string; token?: string | undefined };

/** Tokens are compared as SHA-256 digests: equal length, so timingSafeEqual never throws. */
function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * Serves the registry in the Prometheus text format. With `token`, only to a request bearing
 * it (constant-time comparison); any query string is refused, so a token pasted into a scrape
 * URL is never accepted — it would already sit in proxy and access logs.
 */
export function createMetricsRoute(registry: Registry, token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return async (req, res) => {
    if (req.originalUrl.includes("?")) {
      sendOpenAiError(
        res,
        new AgentError(
          "missing_api_key",
          "/metrics takes no query string: send the token as Authorization: Bearer <token>.",
        ),
      );
      return;
    }
    if (expected !== undefined) {
      const offered = readBearerToken(req);
      if (offered === undefined || !timingSafeEqual(digest(offered), expected)) {
        res.set("WWW-Authenticate", 'Bearer realm="metrics"');
        sendOpenAiError(
          res,
          new AgentError("invalid_api_key", "Missing or wrong metrics bearer token."),
        );
        return;
      }
    }
    res.set("Cache-Control", "no-store");
    res.type(registry.contentType).send(await registry.metrics());
  };
}
