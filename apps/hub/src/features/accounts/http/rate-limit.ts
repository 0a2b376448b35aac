import type { Request, RequestHandler } from "express";
import type { AttemptLimiter } from "../../../kernel/ports";
import { requestPrincipal } from "./authenticate";

/** Who an attempt is counted against: the caller's address, or its authenticated user. */
export type AttemptKey = "address" | "user";

/**
 * The caller's address as Express resolves it under `trust proxy` (HUB_TRUSTED_PROXIES): the
 * X-Forwarded-For entry added by a trusted proxy such as the web app, else the socket's peer.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? "unknown";
}

function keyOf(req: Request, key: AttemptKey): string {
  return key === "user" ? requestPrincipal(req).user.id : clientAddress(req);
}

/**
 * Middleware spending one attempt per request; a spent budget is a 429 with Retry-After (set
 * by the error handler from the error's details), a limiter outage a 503.
 */
export function limitAttempts(limiter: AttemptLimiter, key: AttemptKey): RequestHandler {
  return async (req, _res, next) => {
    await limiter.consume(keyOf(req, key));
    next();
  };
}
