import type { Inquiry } from "./inquiry";

/** The share of an inquiry's time that is left when devices warn that it expires soon. */
export const EXPIRY_WARNING_SHARE = 1 / 5;

/**
 * When a pending inquiry warns that it expires soon, in epoch milliseconds: once a fifth of
 * its time is left, its time measured from `createdAt`, so after an Extend the warning moves
 * with the new `expiresAt` (`createdAt` 0, `expiresAt` 100 s → 80 s; extended to 150 s →
 * 120 s). The hub times its `inquiry:expiring` event and push by it; a card that knows
 * `createdAt` shows the same warning by itself, so a tab opened later agrees.
 *
 * @example expiryWarningAt({ createdAt: "2026-01-01T00:00:00.000Z", expiresAt: "2026-01-01T00:00:05.000Z" })
 * // Date.parse("2026-01-01T00:00:04.000Z")
 */
export function expiryWarningAt(inquiry: Pick<Inquiry, "createdAt" | "expiresAt">): number {
  const createdAt = Date.parse(inquiry.createdAt);
  const expiresAt = Date.parse(inquiry.expiresAt);
  return expiresAt - (expiresAt - createdAt) * EXPIRY_WARNING_SHARE;
}
