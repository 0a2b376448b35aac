import type { RequestHandler } from "express";

/**
 * Headers on every hub response. The hub serves JSON, SSE and the Socket.IO channel, never
 * a page, so its CSP forbids everything; a browser that sniffs or frames a response (e.g. an
 * inquiry's markdown returned as JSON) gets nothing to run or to clickjack.
 */
const HEADERS: readonly (readonly [string, string])[] = Object.entries({
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Resource-Policy": "same-site",
});

/**
 * Sets the hub's security headers before any route answers. Straight on Node's response:
 * Express's `res.set` walks the object, converts and lower-cases each name and value again
 * and checks each for Content-Type, on every request the hub serves.
 */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of HEADERS) res.setHeader(name, value);
  next();
};
