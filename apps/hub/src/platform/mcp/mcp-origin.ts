/** Host names that only ever reach this machine. */
const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a request to `/mcp` or a proxy endpoint carrying `Origin: origin` may pass.
 *
 * Allowed: a configured browser origin (the web app's, PUBLIC_URL's), and the hub's own origin,
 * i.e. a page the hub itself serves to this machine: a loopback origin naming exactly the
 * host and port the request was sent to (its `Host` header). That second rule cannot admit a
 * DNS-rebinding attack: the attacker's page runs under the attacker's host name, which the
 * browser puts in both `Origin` and `Host`, and that name is never a loopback one. Anything
 * else is foreign, including other loopback ports (another local app is another origin) and
 * the opaque `null` origin.
 *
 * @example isAllowedOrigin("http://localhost:4000", "localhost:4000", new Set()) // true
 * @example isAllowedOrigin("http://evil.example:4000", "evil.example:4000", new Set()) // false
 */
export function isAllowedOrigin(
  origin: string,
  host: string | undefined,
  configured: ReadonlySet<string>,
): boolean {
  if (configured.has(origin)) return true;
  if (host === undefined || !URL.canParse(origin)) return false;
  const { protocol, hostname, host: originHost } = new URL(origin);
  return (
    (protocol === "http:" || protocol === "https:") &&
    LOOPBACK_HOSTNAMES.has(hostname) &&
    origin === `${protocol}//${originHost}` &&
    originHost === host.toLowerCase()
  );
}
