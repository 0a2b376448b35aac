import type { ServerOptions } from "socket.io";

/**
 * Socket.IO's `cors` option only shapes the CORS headers of long-polling; a websocket upgrade
 * is not subject to CORS, so without this check any page could open a device channel with a
 * stolen ticket. A handshake that carries an `Origin` must name an allowed one; handshakes
 * without `Origin` (native apps, agents, tests in node) are judged by their credential alone.
 */
export function originAllowlist(
  allowedOrigins: string[],
): NonNullable<ServerOptions["allowRequest"]> {
  const allowed = new Set(allowedOrigins);
  return (req, callback) => {
    const origin = req.headers.origin;
    if (origin === undefined || allowed.has(origin)) callback(null, true);
    else callback(`origin ${origin} is not allowed`, false);
  };
}
