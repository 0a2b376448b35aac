/**
 * The link a phone opens to claim `code`. It names PUBLIC_URL's origin when configured, the
 * address a phone can reach (the desktop showing the QR is often on `localhost`, which a
 * phone resolves to itself); else the origin of the page showing it, as on one machine.
 *
 * @example pairingLink("K7Q2", { publicOrigin: "https://10.0.0.5:3443", pageOrigin: "http://localhost:3000" })
 * // "https://10.0.0.5:3443/pair?code=K7Q2"
 */
export function pairingLink(
  code: string,
  origins: { publicOrigin: string | undefined; pageOrigin: string },
): string {
  const origin = origins.publicOrigin ?? origins.pageOrigin;
  return `${origin}/pair?code=${encodeURIComponent(code)}`;
}
