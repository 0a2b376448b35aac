import { DELIVERY_CLAIM_TTL_MS } from "../ports";
import type { ClaimedChannel, DeliveryClaims } from "../ports";

/** Where one claim stands (see DeliveryClaims). */
type ClaimState =
  | { kind: "waiting"; dueAtMs: number }
  | { kind: "announcing" }
  | { kind: "announced"; followUp: string }
  | { kind: "resolved"; resolution: string };

/**
 * Claims of a single-node hub: the only node wins every claim, so this mostly carries the
 * follow-up data from announcement to resolution, and a delayed step's due time while it
 * waits. Entries are dropped once both have happened; every inquiry resolves (at the latest
 * at the hub's backstop), so the map stays as small as the set of pending inquiries. A
 * finished claim, or a resolution heard before any announcement, leaves a tombstone (swept
 * once expired), as in Redis, so a late claim cannot announce it again.
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
      const waiting = claims.get(claim)?.kind === "waiting";
      if ((claims.has(claim) && !waiting) || tombstones.has(claim)) return Promise.resolve(false);
      claims.set(claim, { kind: "announcing" });
      return Promise.resolve(true);
    },

    armAnnouncement(channel, inquiryId, dueAtMs) {
      const claim = key(channel, inquiryId);
      const state = claims.get(claim);
      if (state === undefined && !tombstones.has(claim)) {
        claims.set(claim, { kind: "waiting", dueAtMs });
        return Promise.resolve({ dueAtMs, first: true });
      }
      return Promise.resolve(
        state?.kind === "waiting" ? { dueAtMs: state.dueAtMs, first: false } : undefined,
      );
    },

    armedAnnouncement(channel, inquiryId) {
      const state = claims.get(key(channel, inquiryId));
      return Promise.resolve(state?.kind === "waiting" ? state.dueAtMs : undefined);
    },

    recordAnnouncement(channel, inquiryId, followUp) {
      const claim = key(channel, inquiryId);
      const state = claims.get(claim);
      if (state?.kind === "announcing" && followUp !== undefined) {
        claims.set(claim, { kind: "announced", followUp });
        return Promise.resolve(undefined);
      }
      claims.delete(claim);
      // Announced to no one, or followed up already: no other caller may announce it again.
      if (state !== undefined) tombstones.set(claim, Date.now() + DELIVERY_CLAIM_TTL_MS);
      return Promise.resolve(state?.kind === "resolved" ? state.resolution : undefined);
    },

    claimFollowUp(channel, inquiryId, resolution) {
      const claim = key(channel, inquiryId);
      const state = claims.get(claim);
      if (state === undefined || state.kind === "waiting") {
        claims.delete(claim);
        tombstones.set(claim, Date.now() + DELIVERY_CLAIM_TTL_MS);
      }
      if (state?.kind === "announcing") claims.set(claim, { kind: "resolved", resolution });
      if (state?.kind !== "announced") return Promise.resolve(undefined);
      claims.delete(claim);
      return Promise.resolve(state.followUp);
    },
  };
}
