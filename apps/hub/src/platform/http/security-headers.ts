import type { RequestHandler } from "express";

/**
 * Headers on every hub response. The hub serves JSON, SSE and the Socket.IO channel, never
 * a page, so its CSP forbids everything; a browser that sniffs or frames a response (e.g. an
 * inquiry's markdown returned as JSON) gets nothing to run or to clickjack.
 */
const HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Resource-Policy": "same-site",
};

/** Sets the hub's security headers before any route answers. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set(HEADERS);
  next();
};
