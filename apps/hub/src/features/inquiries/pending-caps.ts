import { HubError } from "../../kernel/errors";
import type { StoreInsertLimits, StoreInsertOutcome } from "./ports";

/**
 * Pending inquiries one user, and one credential of that user, may have at once. The
 * per-credential cap sits below the per-user one, so one agent key at its cap still leaves
 * the person's other agents room to ask.
 */
export interface PendingCaps {
  /** Over all of the user's credentials (HUB_PENDING_INQUIRIES_PER_USER). */
  perUser: number;
  /**
   * Those one credential asked (`askedByCredentialId`; a device's own calls count as that
   * device's). Absent = no per-credential cap (HUB_PENDING_INQUIRIES_PER_CREDENTIAL).
   */
  perCredential?: number | undefined;
}

/** What the store checks atomically with the insert; nothing for an unannounced (YOLO) record. */
export function insertLimitsOf(
  caps: PendingCaps | undefined,
  announce: boolean,
): StoreInsertLimits | undefined {
  if (caps === undefined || !announce) return undefined;
  return { maxPendingPerUser: caps.perUser, maxPendingPerCredential: caps.perCredential };
}

/**
 * The refusal of an insert the store turned down for a cap: RATE_LIMITED naming the cap and
 * its number, so the agent reads which limit it hit. Undefined when the insert went through.
 */
export function pendingCapError(
  outcome: StoreInsertOutcome,
  caps: PendingCaps | undefined,
): HubError | undefined {
  switch (outcome.kind) {
    case "inserted":
      return undefined;
    case "pending-cap":
      return new HubError(
        "RATE_LIMITED",
        `pending inquiries cap reached: at most ${caps?.perUser} pending per user; answer or cancel some first`,
        { details: { cap: "pendingInquiriesPerUser", limit: caps?.perUser } },
      );
    case "credential-pending-cap":
      return new HubError(
        "RATE_LIMITED",
        `pending inquiries cap reached: at most ${caps?.perCredential} pending per credential (this agent key or device); wait for answers or cancel some first`,
        { details: { cap: "pendingInquiriesPerCredential", limit: caps?.perCredential } },
      );
  }
}
