import type { Inquiry, QuietHours, RoutingPlan } from "@inquiry-hub/protocol";

/**
 * What the asker wants of a team approval's escalation, read from their reach settings when
 * the call is asked. The asker is the person who owns the agent credential that asked (the
 * inquiry's `userId`): their plan says how long they are willing to wait for the first group.
 */
export interface EarlyEscalation {
  /** Offer the remaining groups once this share of the time is left; null: policy only. */
  atShareLeft: number | null;
  /** Asked in their quiet hours with `during: "escalate"`: offer every group at once. */
  atOnce: boolean;
}

/** Reads the asker's early escalation for a new shared approval (the composition root wires it). */
export type EarlyEscalationOf = (inquiry: Inquiry) => Promise<EarlyEscalation>;

/** No early escalation: every group on the policy's own schedule. */
export const POLICY_SCHEDULE_ONLY: EarlyEscalation = { atShareLeft: null, atOnce: false };

/**
 * The early escalation a person's reach settings ask for at `askedAt`. `inQuietHours` says
 * whether the hours hold at a moment (the notifications' reading of them, handed in so both
 * agree). Quiet hours with `during` absent or `"wait"` change nothing here: a team approval
 * is never held by them.
 */
export function earlyEscalationOf(
  reach: { routing?: RoutingPlan; quietHours?: QuietHours },
  askedAt: Date,
  inQuietHours: (hours: QuietHours, at: Date) => boolean,
): EarlyEscalation {
  const hours = reach.quietHours;
  return {
    atShareLeft: reach.routing?.escalateAtShareLeft ?? null,
    atOnce: hours?.during === "escalate" && inQuietHours(hours, askedAt),
  };
}

/**
 * When each `escalate_to` step of a shared approval is offered, in epoch milliseconds, in
 * step order: its policy time (`escalateAfterSeconds` after creation), brought forward to the
 * moment `atShareLeft` of the time between creation and expiry is left, or to creation with
 * `atOnce`. Never later than the policy says; the times never decrease, so offering the
 * steps one after the other in this order keeps each group's turn.
 *
 * @example 60 s to decide, steps at 50 s and 55 s, atShareLeft 0.5 → both at 30 s
 */
export function escalationTimes(inquiry: Inquiry, early: EarlyEscalation): number[] {
  const createdAt = Date.parse(inquiry.createdAt);
  const expiresAt = Date.parse(inquiry.expiresAt);
  const byShare =
    early.atShareLeft === null
      ? Number.POSITIVE_INFINITY
      : expiresAt - early.atShareLeft * (expiresAt - createdAt);
  const latest = early.atOnce ? createdAt : byShare;
  return (inquiry.sharedApproval?.escalateAfterSeconds ?? []).map((seconds) =>
    Math.min(createdAt + seconds * 1000, latest),
  );
}
