import "server-only";
import { createHash } from "node:crypto";
import { mintRunCredential } from "./agent-run-credential";

/** Sessions whose viewer credential this process keeps; the oldest is dropped past it. */
const MAX_CACHED = 1_000;
/** A cached credential this close to its end is replaced rather than used. */
const RENEW_BEFORE_MS = 10 * 60_000;

const cache = new Map<string, { token: string; expiresAtMs: number }>();

function keyOf(personToken: string): string {
  return createHash("sha256").update(personToken).digest("base64url");
}

/**
 * The bearer the web follows and stops agent runs with: an agent credential of the person,
 * never the person's own device token, which the agent could use to answer its own approvals.
 * The agent admits the credential that started a run and the person's sessions, which include
 * credentials minted with one (`agent-run`), and an agent credential can do nothing a run's own
 * credential cannot (it reports no conversation turn).
 * One per session, kept in this process until shortly before it expires, so re-attaching
 * does not mint a stored credential each time. Undefined `refused` when the hub is unreachable.
 */
export async function runViewerToken(
  personToken: string,
): Promise<{ token: string } | { refused: Response | undefined }> {
  const key = keyOf(personToken);
  const cached = cache.get(key);
  if (cached !== undefined && cached.expiresAtMs - Date.now() > RENEW_BEFORE_MS)
    return { token: cached.token };
  const minted = await mintRunCredential(personToken);
  if ("refused" in minted) return minted;
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  cache.set(key, {
    token: minted.credential.token,
    expiresAtMs: Date.parse(minted.credential.expiresAt),
  });
  return { token: minted.credential.token };
}

/**
 * Forgets the session's viewer credential after the agent refused it (revoked or expired at
 * the hub), so the next attempt mints a fresh one instead of failing forever.
 */
export function forgetRunViewer(personToken: string): void {
  cache.delete(keyOf(personToken));
}
