import type { IncomingMessage } from "node:http";

/** Client-supplied headers that would let a caller claim another address, host or protocol. */
const CLIENT_CLAIMS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
] as const;

/**
 * Replaces whatever forwarding headers the client sent with the front door's own account of
 * the connection. The front door is the edge: nobody in front of it is trusted, so appending to
 * a client's `X-Forwarded-For` (what `http-proxy`'s `xfwd` does) would hand the web and the hub
 * a chain whose every entry but the last is the client's invention, and `xfwd` keeps a
 * client's `X-Forwarded-Host` as it is. Behind it the web trusts one hop and the hub trusts
 * loopback, so these single values are exactly what they believe.
 */
export function stampForwardedHeaders(request: IncomingMessage): void {
  for (const name of CLIENT_CLAIMS) delete request.headers[name];
  const address = request.socket.remoteAddress;
  if (address !== undefined) request.headers["x-forwarded-for"] = address;
  request.headers["x-forwarded-proto"] = "https";
  if (request.headers.host !== undefined)
    request.headers["x-forwarded-host"] = request.headers.host;
  const port = request.socket.localPort;
  if (port !== undefined) request.headers["x-forwarded-port"] = String(port);
}
