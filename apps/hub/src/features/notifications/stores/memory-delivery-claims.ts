import { DELIVERY_CLAIM_TTL_MS } from "../ports";
import type { ClaimedChannel, DeliveryClaims } from "../ports";

/** Where one claim stands (see DeliveryClaims). */
type ClaimState =
  | { kind: "announcing" }
  | { kind: "announced"; followUp: string }
  | { kind: "resolved"; resolution: string };

/**
 * Claims of a single-node hub: the only node wins every claim, so this mostly carries the
 * follow-up data from announcement to resolution. Entries are dropped once both have
 * happened; every inquiry resolves (at the latest at the hub's backstop), so the map stays
 * as small as the set of pending inquiries. A resolution heard before any announcement
 * leaves a tombstone (swept once expired), as in Redis, so a late claim cannot announce it.
 */
export function createMemoryDeliveryClaims(): DeliveryClaims {
  const claims = new Map<string, ClaimState>();
  const tombstones = new Map<string, number>();
  const key = (channel: ClaimedChannel, inquiryId: string) => `${channel}:${inquiryId}`;

  return {
    claimAnnouncement(channel, inquiryId) {
      const nowMs = Date.now();
      for (const [each, expiresAtMs] of tombstones)
        if (expiresAtMs <= nowMs) tombstones.delete(each);
      const claim = key(channel, inquiryId);
      if (claims.has(claim) || tombstones.has(claim)) return Promise.resolve(false);
      claims.set(claim, { kind: "announcing" });
      return Promise.resolve(true);
    },

    recordAnnouncement(channel, inquiryId, followUp) {
      const claim = key(channel, inquiryId);
      const state = claims.get(claim);
      if (state?.kind === "announcing" && followUp !== undefined) {
        claims.set(claim, { kind: "announced", followUp });
        return Promise.resolve(undefined);
      }
      claims.delete(claim);
      return Promise.resolve(state?.kind === "resolved" ? state.resolution : undefined);
    },

    claimFollowUp(channel, inquiryId, resolution) {
      const claim = key(channel, inquiryId);
      const state = claims.get(claim);
      if (state === undefined) tombstones.set(claim, Date.now() + DELIVERY_CLAIM_TTL_MS);
      if (state?.kind === "announcing") claims.set(claim, { kind: "resolved", resolution });
      if (state?.kind !== "announced") return Promise.resolve(undefined);
      claims.delete(claim);
      return Promise.resolve(state.followUp);
    },
  };
}
