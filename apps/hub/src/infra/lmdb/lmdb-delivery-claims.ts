import { DELIVERY_CLAIM_TTL_MS } from "../../core/notifications/ports";
import type { ClaimedChannel, DeliveryClaims } from "../../core/notifications/ports";
import type { EmbeddedDatabase } from "./embedded-database";
import { createExpiryIndex } from "./lmdb-expiry-index";

/** Where one claim stands (see DeliveryClaims); `done` is a tombstone until the claim expires. */
type ClaimState =
  | { kind: "announcing" }
  | { kind: "announced"; followUp: string }
  | { kind: "resolved"; resolution: string }
  | { kind: "done" };

interface StoredClaim {
  state: ClaimState;
  expiresAtMs: number;
}

/**
 * Delivery claims kept across restarts, so a hub restarted between announcing an inquiry and
 * its resolution still sends the follow-up (and never announces it twice). Table `claims`
 * holds `[channel, inquiryId]` → state and deadline; every step reads and writes the claim in
 * one write transaction, so each state change is atomic like the Redis scripts. As in Redis,
 * a claim lives DELIVERY_CLAIM_TTL_MS from its creation and ends as a `done` tombstone, so a
 * late `claimAnnouncement` never announces a finished inquiry; expired claims are swept
 * (bounded) through `claims-expiry` whenever a claim is created.
 */
export function createLmdbDeliveryClaims(db: EmbeddedDatabase): DeliveryClaims {
  const claims = db.table<StoredClaim>("claims");
  const expiries = createExpiryIndex(db.table<string>("claims-expiry"), "claim");
  const idOf = (channel: ClaimedChannel, inquiryId: string) => `${channel}:${inquiryId}`;

  function live(id: string, nowMs: number): StoredClaim | undefined {
    const claim = claims.get(id);
    return claim !== undefined && claim.expiresAtMs > nowMs ? claim : undefined;
  }

  /** Creates the claim in `state` unless a live one exists; call inside a write transaction. */
  function create(id: string, state: ClaimState, nowMs: number): boolean {
    expiries.sweep(nowMs, (expired) => claims.removeSync(expired));
    if (live(id, nowMs) !== undefined) return false;
    const former = claims.get(id);
    const expiresAtMs = nowMs + DELIVERY_CLAIM_TTL_MS;
    claims.putSync(id, { state, expiresAtMs });
    expiries.schedule(id, expiresAtMs, former?.expiresAtMs);
    return true;
  }

  /** Moves a live claim to `state`, keeping its deadline; call inside a write transaction. */
  function move(id: string, claim: StoredClaim, state: ClaimState): void {
    claims.putSync(id, { state, expiresAtMs: claim.expiresAtMs });
  }

  return {
    claimAnnouncement(channel, inquiryId) {
      const id = idOf(channel, inquiryId);
      return claims.transaction(() => create(id, { kind: "announcing" }, Date.now()));
    },

    recordAnnouncement(channel, inquiryId, followUp) {
      const id = idOf(channel, inquiryId);
      return claims.transaction(() => {
        const claim = live(id, Date.now());
        if (claim === undefined) return undefined;
        const { state } = claim;
        if (state.kind === "announcing" && followUp !== undefined) {
          move(id, claim, { kind: "announced", followUp });
          return undefined;
        }
        if (state.kind === "announcing" || state.kind === "resolved")
          move(id, claim, { kind: "done" });
        return state.kind === "resolved" ? state.resolution : undefined;
      });
    },

    claimFollowUp(channel, inquiryId, resolution) {
      const id = idOf(channel, inquiryId);
      return claims.transaction(() => {
        const nowMs = Date.now();
        const claim = live(id, nowMs);
        if (claim === undefined) {
          create(id, { kind: "done" }, nowMs);
          return undefined;
        }
        const { state } = claim;
        if (state.kind === "announcing") move(id, claim, { kind: "resolved", resolution });
        if (state.kind !== "announced") return undefined;
        move(id, claim, { kind: "done" });
        return state.followUp;
      });
    },
  };
}
