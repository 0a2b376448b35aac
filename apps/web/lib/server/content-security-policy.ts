import "server-only";

/**
 * The web app's Content-Security-Policy for one response. Scripts run only with this
 * response's nonce (Next.js stamps it on its own bootstrap scripts) or when loaded by such a
 * script ('strict-dynamic'): no inline script an inquiry's markdown could smuggle in ever
 * runs. Connections go to this origin and the hub (Socket.IO, http and ws); images only from
 * here and data: (the pairing QR code); no frames, objects or framing by other sites.
 *
 * Styles: stylesheets come from this origin (Next.js links its CSS in production) or carry the
 * nonce: the dialogs' scroll lock (Radix, through react-remove-scroll) adds one <style> tag and
 * stamps it with the nonce app/providers.tsx hands it. Style attributes are allowed
 * (`style-src-attr`): Radix renders a few on the server (the toast region's pointer-events),
 * and an attribute can neither run script nor select other elements, while untrusted markdown
 * never renders raw HTML at all. `inlineStyles` allows every inline <style> where a nonce
 * cannot serve: the dev server injects CSS as <style> tags for hot reload, and the static
 * offline page (public/offline.html) carries its own <style> because it must render without
 * the network.
 *
 * @example contentSecurityPolicy({ nonce: "abc", hubOrigin: "http://127.0.0.1:4000", dev: false, inlineStyles: false })
 */
export function contentSecurityPolicy(input: {
  nonce: string;
  hubOrigin: string;
  dev: boolean;
  inlineStyles: boolean;
}): string {
  const hub = new URL(input.hubOrigin);
  const hubSocket = `${hub.protocol === "https:" ? "wss:" : "ws:"}//${hub.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${input.nonce}' 'strict-dynamic'${input.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${input.inlineStyles ? "'unsafe-inline'" : `'nonce-${input.nonce}'`}`,
    "style-src-attr 'unsafe-inline'",
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
