/**
 * The web app's Content-Security-Policy for one response. Scripts run only with this
 * response's nonce (Next.js stamps it on its own bootstrap scripts) or when loaded by such a
 * script ('strict-dynamic'): no inline script an inquiry's markdown could smuggle in ever
 * runs. Connections go to this origin and the hub (Socket.IO, http and ws); images only from
 * here and data: (the pairing QR code); no frames, objects or framing by other sites.
 *
 * @example contentSecurityPolicy({ nonce: "abc", hubOrigin: "http://127.0.0.1:4000", dev: false })
 */
export function contentSecurityPolicy(input: {
  nonce: string;
  hubOrigin: string;
  dev: boolean;
}): string {
  const hub = new URL(input.hubOrigin);
  const hubSocket = `${hub.protocol === "https:" ? "wss:" : "ws:"}//${hub.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${input.nonce}' 'strict-dynamic'${input.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${hub.origin} ${hubSocket}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
