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

/**
 * What a restart must keep, until its deadline: the data the follow-up needs, or when a step
 * the plan delays is due while nobody has claimed it yet.
 */
interface StoredClaim {
  followUp?: string;
  dueAtMs?: number;
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
 * An armed step (one the person's plan delays) is written too, so a restarted hub finds it
 * and sends it when due; claiming it or the question's resolution removes it, so it never
 * goes out twice. It costs one write per delayed step; steps that go at once cost none.
 */
export function createLmdbDeliveryClaims(
  db: EmbeddedDatabase,
  now: () => number = Date.now,
): DeliveryClaims {
  const followUps = db.table<StoredClaim>("claims");
  const expiries = createExpiryIndex(db.table<string>("claims-expiry"), "claim");
  const inFlight = new Map<string, InFlight>();
  const tombstones = new Map<string, number>();
  const idOf = (channel: ClaimedChannel, inquiryId: string) => `${channel}:${inquiryId}`;
  /**
   * The ids the table holds, read once: this process is its only writer, and most questions
   * have nothing stored (no delayed step, no push or webhook follow-up), so the look-ups every
   * announcement and resolution makes skip the disk for them.
   */
  const onDisk = new Set([...followUps.getKeys()].map(String));

  function stored(id: string): StoredClaim | undefined {
    if (!onDisk.has(id)) return undefined;
    const claim = followUps.get(id);
    return claim !== undefined && claim.expiresAtMs > now() ? claim : undefined;
  }

  function finished(id: string): boolean {
    const expiresAtMs = tombstones.get(id);
    if (expiresAtMs === undefined) return false;
    if (expiresAtMs > now()) return true;
    tombstones.delete(id);
    return false;
  }

  /**
   * Every tombstone lives DELIVERY_CLAIM_TTL_MS, so the map, kept in burial order, is also in
   * expiry order: the sweep stops at the first live one instead of reading every tombstone on
   * every burial (thousands per minute under load).
   */
  function bury(id: string): void {
    const nowMs = now();
    for (const [each, expiresAtMs] of tombstones) {
      if (expiresAtMs > nowMs) break;
      tombstones.delete(each);
    }
    tombstones.delete(id);
    tombstones.set(id, nowMs + DELIVERY_CLAIM_TTL_MS);
  }

  /** Writes `claim` unless `unless` says otherwise of the one stored, in one transaction. */
  async function keep(
    id: string,
    claim: Omit<StoredClaim, "expiresAtMs">,
    unless: (former: StoredClaim | undefined) => boolean = () => false,
  ): Promise<StoredClaim | undefined> {
    return followUps.transaction(() => {
      const nowMs = now();
      expiries.sweep(nowMs, (expired) => {
        followUps.removeSync(expired);
        onDisk.delete(expired);
      });
      const former = followUps.get(id);
      if (unless(former === undefined || former.expiresAtMs <= nowMs ? undefined : former))
        return undefined;
      const written = { ...claim, expiresAtMs: nowMs + DELIVERY_CLAIM_TTL_MS };
      followUps.putSync(id, written);
      onDisk.add(id);
      expiries.schedule(id, written.expiresAtMs, former?.expiresAtMs);
      return written;
    });
  }

  async function take(id: string, claim: StoredClaim): Promise<void> {
    try {
      await followUps.transaction(() => {
        followUps.removeSync(id);
        onDisk.delete(id);
        expiries.unschedule(id, claim.expiresAtMs);
      });
    } catch (error) {
      // Not removed after all: the claim is still on disk.
      onDisk.add(id);
      throw error;
    }
  }

  return {
    async claimAnnouncement(channel, inquiryId) {
      const id = idOf(channel, inquiryId);
      const armed = stored(id);
      if (inFlight.has(id) || finished(id) || armed?.followUp !== undefined) return false;
      inFlight.set(id, { kind: "announcing" });
      if (armed !== undefined) await take(id, armed);
      return true;
    },

    async armAnnouncement(channel, inquiryId, dueAtMs) {
      const id = idOf(channel, inquiryId);
      if (inFlight.has(id) || finished(id)) return undefined;
      const found: { claim?: StoredClaim } = {};
      const written = await keep(id, { dueAtMs }, (claim) => {
        if (claim !== undefined) found.claim = claim;
        return claim !== undefined;
      });
      if (written === undefined) {
        const agreed = found.claim?.dueAtMs;
        return agreed === undefined ? undefined : { dueAtMs: agreed, first: false };
      }
      // Claimed or resolved while the write ran: the step is no longer waiting.
      if (!inFlight.has(id) && !finished(id)) return { dueAtMs, first: true };
      await take(id, written);
      return undefined;
    },

    armedAnnouncement(channel, inquiryId) {
      const id = idOf(channel, inquiryId);
      if (inFlight.has(id) || finished(id)) return Promise.resolve(undefined);
      return Promise.resolve(stored(id)?.dueAtMs);
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
      const written = await keep(id, { followUp });
      // A resolution heard while the write ran was parked: hand it to the announcer instead.
      const parked = inFlight.get(id);
      inFlight.delete(id);
      if (parked?.kind !== "resolved") return undefined;
      bury(id);
      if (written !== undefined) await take(id, written);
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
      const claim = stored(id);
      bury(id);
      if (claim === undefined) return undefined;
      await take(id, claim);
      return claim.followUp;
    },
  };
}
