/**
 * Where a login lands when nothing (or nothing safe) asked for another page: `/`, which sends
 * the person where they are needed (app/page.tsx).
 */
export const DEFAULT_LANDING = "/";

/**
 * The page a login returns to: `next` only when it is a path on this site ("/webhook/decide?…"),
 * never another origin ("https://…", "//evil.example", "/\\evil.example"), so a crafted login
 * link cannot send the person elsewhere after they typed their password.
 *
 * @example returnPath("/webhook/decide?t=abc") // "/webhook/decide?t=abc"
 * @example returnPath("//evil.example/x") // "/"
 */
export function returnPath(next: string | string[] | undefined): string {
  if (typeof next !== "string" || !next.startsWith("/")) return DEFAULT_LANDING;
  if (next.startsWith("//") || next.includes("\\")) return DEFAULT_LANDING;
  const resolved = new URL(next, "http://same.invalid");
  if (resolved.origin !== "http://same.invalid") return DEFAULT_LANDING;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
