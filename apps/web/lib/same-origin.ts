/**
 * CSRF guard for state-changing route handlers.
 *
 * A request is foreign when it carries an `Origin` header (browsers send one on every POST)
 * that is not the origin of the host it was sent to. `Origin: null` (sandboxed frames,
 * some redirects) is foreign too. Requests without `Origin` (curl, server-to-server) pass:
 * they cannot ride on a victim's cookie.
 */
export function isForeignOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  if (originHost === "") return true;
  const requestHosts = [headers.get("host"), headers.get("x-forwarded-host")]
    .filter((host): host is string => host !== null && host !== "")
    .map((host) => host.split(",")[0]?.trim().toLowerCase());
  return !requestHosts.includes(originHost);
}
