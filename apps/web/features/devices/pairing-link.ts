/**
 * The origin a phone should open pairing links on: PUBLIC_URL's origin when configured, the
 * address a phone can reach (the desktop showing the QR is often on `localhost`, which a
 * phone resolves to itself); else the origin of the page showing it, as on one machine.
 */
export function pairingOrigin(origins: {
  publicOrigin: string | undefined;
  pageOrigin: string;
}): string {
  return origins.publicOrigin ?? origins.pageOrigin;
}

/**
 * The link a phone opens to claim `code`, on `pairingOrigin`.
 *
 * @example pairingLink("K7Q2", { publicOrigin: "https://10.0.0.5:3443", pageOrigin: "http://localhost:3000" })
 * // "https://10.0.0.5:3443/pair?code=K7Q2"
 */
export function pairingLink(
  code: string,
  origins: { publicOrigin: string | undefined; pageOrigin: string },
): string {
  return `${pairingOrigin(origins)}/pair?code=${encodeURIComponent(code)}`;
}

/** Hosts a phone resolves to itself, never to the computer showing the link. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * What a phone makes of a pairing link or origin: `loopback` names the computer itself, which
 * a phone cannot reach (plain `npm start`); `https` goes through a front door whose
 * certificate the phone trusts (LAN mode); `other` is plain HTTP on a reachable host.
 */
export function pairingLinkReach(link: string): "loopback" | "https" | "other" {
  const url = new URL(link);
  if (LOOPBACK_HOST.test(url.hostname)) return "loopback";
  return url.protocol === "https:" ? "https" : "other";
}
