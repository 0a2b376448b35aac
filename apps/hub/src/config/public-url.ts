/** The browser origins the hub admits, or why the settings contradict each other. */
export type BrowserOrigins = { ok: true; origins: string[] } | { ok: false; problem: string };

/**
 * The browser origins allowed by CORS, the Socket.IO handshake and the `/mcp` Origin check.
 *
 * An explicit HUB_CORS_ORIGINS is taken as it is, but must name PUBLIC_URL's origin: a list
 * that leaves out the URL people open would refuse every phone's socket without a word, so
 * that is a start-up error naming both variables. Unset, the list is the local origins plus
 * PUBLIC_URL's origin. Origins are compared exactly, as the checks themselves compare them.
 *
 * @example browserOrigins({ configured: undefined, publicOrigin: "https://10.0.0.5:3443",
 *   localOrigins: ["http://localhost:3000"] })
 * // { ok: true, origins: ["http://localhost:3000", "https://10.0.0.5:3443"] }
 */
export function browserOrigins(settings: {
  /** HUB_CORS_ORIGINS, when set. */
  configured: string[] | undefined;
  /** PUBLIC_URL's origin, when set. */
  publicOrigin: string | undefined;
  /** The web app's origins on this machine, allowed when nothing is configured. */
  localOrigins: readonly string[];
}): BrowserOrigins {
  const { configured, publicOrigin, localOrigins } = settings;
  if (configured !== undefined) {
    if (publicOrigin === undefined || configured.includes(publicOrigin))
      return { ok: true, origins: configured };
    return {
      ok: false,
      problem:
        `HUB_CORS_ORIGINS lacks PUBLIC_URL's origin ${publicOrigin}, so browsers at PUBLIC_URL ` +
        "would be refused: add it to HUB_CORS_ORIGINS, or unset HUB_CORS_ORIGINS to derive the list",
    };
  }
  const origins = [...localOrigins];
  if (publicOrigin !== undefined && !origins.includes(publicOrigin)) origins.push(publicOrigin);
  return { ok: true, origins };
}
