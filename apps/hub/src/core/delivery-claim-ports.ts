import { InquirySchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";

/** The outside channels whose messages must go out once per inquiry, not once per node. */
export type ClaimedChannel = "push" | "webhook";

/**
 * How long a claim outlives its creation: longer than any inquiry can stay pending (at most
 * one day of timeout plus at most one day of grace), so the follow-up still finds it.
 */
export const DELIVERY_CLAIM_TTL_MS = 2 * 24 * 60 * 60 * 1000 + 60 * 60 * 1000;

/**
 * Once-only announcements and follow-ups of one inquiry on one channel. Every hub node hears
 * every inquiry event, so every node's notifier asks here before sending; the answers make
 * exactly one node announce and exactly one node follow up, and carry what the follow-up
 * needs (which devices were pushed, which webhook was posted to) between them.
 *
 * One claim goes through: claimed → announced (with follow-up data, or nothing to follow up)
 * → done. A resolution that arrives while the announcement is still under way is parked in
 * the claim and handed to the announcer, which then follows up itself, so a slow webhook
 * with retries never loses its "Resolved" message and never gets it before the question.
 */
export interface DeliveryClaims {
  /**
   * True for exactly one caller per channel and inquiry, across nodes. Also false when the
   * inquiry was already resolved, so a late node never announces a finished question.
   * Callers issue it as soon as they hear `inquiry.created`, before any other await.
   */
  claimAnnouncement(channel: ClaimedChannel, inquiryId: string): Promise<boolean>;
  /**
   * The announcer's report: `followUp` is what the follow-up will need (undefined when
   * nothing was announced). Returns the resolution parked meanwhile, if any: the announcer
   * must then send the follow-up itself.
   */
  recordAnnouncement(
    channel: ClaimedChannel,
    inquiryId: string,
    followUp: string | undefined,
  ): Promise<string | undefined>;
  /**
   * On `inquiry.resolved`: returns the announcer's follow-up data to exactly one caller, who
   * sends the follow-up. While the announcement is under way it parks `resolution` for the
   * announcer instead and returns undefined.
   */
  claimFollowUp(
    channel: ClaimedChannel,
    inquiryId: string,
    resolution: string,
  ): Promise<string | undefined>;
}

/** A resolved inquiry as parked in a claim (see `claimFollowUp`). */
export function encodeResolution(inquiry: Inquiry): string {
  return JSON.stringify(inquiry);
}

/** The parked resolution back, validated: it crossed Redis, maybe from another version. */
export function decodeResolution(parked: string): Inquiry {
  return InquirySchema.parse(JSON.parse(parked));
}
