import { expiryWarningAt } from "@inquiry-hub/protocol";

/** What a card knows about its deadline and the hub's warnings. */
export interface CardDeadline {
  expiresAt: string;
  /** When the inquiry was opened; known when the tab has its record (inbox, pending list). */
  createdAt: string | undefined;
  /** The deadline of the last `inquiry:expiring` this tab heard for it, if any. */
  warnedFor: string | undefined;
}

/**
 * Whether a card shows "Expires soon": the hub warned about its current deadline, or the
 * card, knowing its `createdAt`, sees that a fifth of its time is left, the hub's own rule,
 * so a tab that connected after the warning agrees with the others. A warning about a
 * deadline an Extend has since moved no longer counts. Nothing once time is up.
 *
 * @example isExpiringSoon({ expiresAt, createdAt: undefined, warnedFor: expiresAt }, now) // true
 */
export function isExpiringSoon(card: CardDeadline, now: number): boolean {
  if (now >= Date.parse(card.expiresAt)) return false;
  if (card.warnedFor === card.expiresAt) return true;
  return (
    card.createdAt !== undefined &&
    now >= expiryWarningAt({ createdAt: card.createdAt, expiresAt: card.expiresAt })
  );
}
