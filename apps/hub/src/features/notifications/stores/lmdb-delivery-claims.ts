import { DELIVERY_CLAIM_TTL_MS } from "../ports";
import type { ClaimedChannel, DeliveryClaims } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { createExpiryIndex } from "../../../platform/lmdb/lmdb-expiry-index";

/**
 * A claim this process is working on: an announcement under way (its resolution parked if one
 * came meanwhile), or one that reached no one and waits only for its resolution to end it.
 */
type InFlight =
  { kind: "announcing" } | { kind: "resolved"; resolution: string } | { kind: "reached-no-one" };

/** What a restart must keep: the data the follow-up needs, until its deadline. */
interface StoredFollowUp {
  followUp: string;
  expiresAtMs: number;
}

/**
 * Delivery claims of the embedded (single-node) store. One process is the only claimant, and
 * its bus hands a node `inquiry.created` before `inquiry.resolved`, so the steps of a claim
 * need no store to be atomic: they run on in-memory state, one entry per inquiry announced and
 * not yet resolved. What a restart must not lose is written to table `claims`: the follow-up
 * data of a question that was pushed or posted, so a hub restarted before the resolution
 * still withdraws it. A question that reached no one — most of them: no subscription away
 * from a socket, no webhook — costs no disk write. As in Redis, a finished claim leaves a
 * tombstone for DELIVERY_CLAIM_TTL_MS (in memory: only a follow-up taken, or a resolution
 * heard before any announcement, makes one), so a late announcement never goes out; a stored
 * follow-up also lives that long, swept (bounded) through `claims-expiry` when one is written.
 */
export function createLmdbDeliveryClaims(
  db: EmbeddedDatabase,
  now: () => number = Date.now,
): DeliveryClaims {
  const followUps = db.table<StoredFollowUp>("claims");
  const expiries = createExpiryIndex(db.table<string>("claims-expiry"), "claim");
  const inFlight = new Map<string, InFlight>();
  const tombstones = new Map<string, number>();
  const idOf = (channel: ClaimedChannel, inquiryId: string) => `${channel}:${inquiryId}`;

  function storedFollowUp(id: string): StoredFollowUp | undefined {
    const stored = followUps.get(id);
    return stored !== undefined && stored.expiresAtMs > now() ? stored : undefined;
  }

  function finished(id: string): boolean {
    const expiresAtMs = tombstones.get(id);
    if (expiresAtMs === undefined) return false;
    if (expiresAtMs > now()) return true;
    tombstones.delete(id);
    return false;
  }

  function bury(id: string): void {
    const nowMs = now();
    for (const [each, expiresAtMs] of tombstones) if (expiresAtMs <= nowMs) tombstones.delete(each);
    tombstones.set(id, nowMs + DELIVERY_CLAIM_TTL_MS);
  }

  async function keep(id: string, followUp: string): Promise<StoredFollowUp> {
    return followUps.transaction(() => {
      const nowMs = now();
      expiries.sweep(nowMs, (expired) => followUps.removeSync(expired));
      const former = followUps.get(id);
      const stored = { followUp, expiresAtMs: nowMs + DELIVERY_CLAIM_TTL_MS };
      followUps.putSync(id, stored);
      expiries.schedule(id, stored.expiresAtMs, former?.expiresAtMs);
      return stored;
    });
  }

  async function take(id: string, stored: StoredFollowUp): Promise<void> {
    await followUps.transaction(() => {
      followUps.removeSync(id);
      expiries.unschedule(id, stored.expiresAtMs);
    });
  }

  return {
    claimAnnouncement(channel, inquiryId) {
      const id = idOf(channel, inquiryId);
      if (inFlight.has(id) || finished(id) || storedFollowUp(id) !== undefined)
        return Promise.resolve(false);
      inFlight.set(id, { kind: "announcing" });
      return Promise.resolve(true);
    },

    async recordAnnouncement(channel, inquiryId, followUp) {
      const id = idOf(channel, inquiryId);
      const state = inFlight.get(id);
      if (state?.kind === "resolved") {
        inFlight.delete(id);
        bury(id);
        return state.resolution;
      }
      if (state?.kind !== "announcing") return undefined;
      if (followUp === undefined) {
        inFlight.set(id, { kind: "reached-no-one" });
        return undefined;
      }
      const stored = await keep(id, followUp);
      // A resolution heard while the write ran was parked: hand it to the announcer instead.
      const parked = inFlight.get(id);
      inFlight.delete(id);
      if (parked?.kind !== "resolved") return undefined;
      bury(id);
      await take(id, stored);
      return parked.resolution;
    },

    async claimFollowUp(channel, inquiryId, resolution) {
      const id = idOf(channel, inquiryId);
      const state = inFlight.get(id);
      if (state?.kind === "announcing") {
        inFlight.set(id, { kind: "resolved", resolution });
        return undefined;
      }
      if (state?.kind === "reached-no-one") inFlight.delete(id);
      if (state !== undefined || finished(id)) return undefined;
      const stored = storedFollowUp(id);
      bury(id);
      if (stored === undefined) return undefined;
      await take(id, stored);
      return stored.followUp;
    },
  };
}
