/**
 * The hub origin a browser should open its Socket.IO connection to.
 *
 * `HUB_PUBLIC_URL` wins when set. Otherwise the browser's own view of this server (the
 * hostname of the `Host` header) is combined with `HUB_URL`'s protocol and port: a phone
 * that opened `http://192.168.1.20:3000` reaches the hub at `http://192.168.1.20:4000`,
 * while a desktop on `localhost` keeps `localhost`. Without a usable `Host`, `HUB_URL`'s
 * own origin is returned.
 *
 * @example publicHubUrl({ hubUrl: "http://127.0.0.1:4000", host: "192.168.1.20:3000" })
 * // "http://192.168.1.20:4000"
 */
export function publicHubUrl(input: {
  hubUrl: string;
  hubPublicUrl?: string | undefined;
  host: string | null | undefined;
}): string {
  if (input.hubPublicUrl !== undefined && input.hubPublicUrl !== "") {
    return new URL(input.hubPublicUrl).origin;
  }
  const hub = new URL(input.hubUrl);
  const hostname = hostnameOf(input.host);
  if (hostname === undefined) return hub.origin;
  const derived = new URL(hub.origin);
  derived.hostname = hostname;
  return derived.origin;
}

function hostnameOf(host: string | null | undefined): string | undefined {
  const first = host?.split(",")[0]?.trim();
  if (first === undefined || first === "") return undefined;
  try {
    const hostname = new URL(`http://${first}`).hostname;
    return hostname === "" ? undefined : hostname;
  } catch {
    return undefined;
  }
}
