import { HubError } from "../../kernel/errors";

/** How many Streamable HTTP sessions one endpoint holds on this node. */
export interface SessionCaps {
  /** Sessions one credential (a device or an agent credential) may hold open. */
  perCredential: number;
  /** Sessions one user may hold open, over all their credentials. */
  perUser: number;
  /** Sessions this node holds for everyone. */
  total: number;
}

/** Whose session a slot is, as the caps count it. */
export interface SessionSlot {
  userId: string;
  deviceId: string;
}

/**
 * Refuses a new session when `open` (every session held or being opened, without the new
 * one) already fills a cap: RATE_LIMITED naming the endpoint and the cap, so the client sees
 * why (HTTP 429 on the initialize request). Open sessions are never evicted to make room: a
 * quiet session may belong to a live client between two calls, and closing it would break
 * that client without a word; an abandoned one frees its slot after the idle lifetime.
 */
export function checkSessionCaps(
  endpoint: string,
  caps: SessionCaps,
  open: readonly SessionSlot[],
  next: SessionSlot,
): void {
  const ofUser = open.filter((slot) => slot.userId === next.userId);
  const ofCredential = ofUser.filter((slot) => slot.deviceId === next.deviceId);
  const full =
    ofCredential.length >= caps.perCredential
      ? { cap: "perCredential", limit: caps.perCredential, scope: "per credential" }
      : ofUser.length >= caps.perUser
        ? { cap: "perUser", limit: caps.perUser, scope: "per user" }
        : open.length >= caps.total
          ? { cap: "total", limit: caps.total, scope: "on this hub node" }
          : undefined;
  if (full === undefined) return;
  throw new HubError(
    "RATE_LIMITED",
    `${endpoint} session cap reached: at most ${full.limit} open sessions ${full.scope}; close an unused session (DELETE) or wait for one to idle out`,
    { details: { cap: full.cap, limit: full.limit } },
  );
}
