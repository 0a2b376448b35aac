import type { ApprovalVote } from "@inquiry-hub/protocol";
import { isApproving } from "../ports";
import type { ApprovalVoteStore, Ballot, CastOutcome } from "../ports";
import { keysUnder } from "../../../platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { createExpiryIndex } from "../../../platform/lmdb/lmdb-expiry-index";

/** One inquiry's ballot as stored: the port's Ballot plus what expiry needs. */
interface StoredBallot {
  step: number;
  /** One vote per person, in the order they were cast. */
  votes: ApprovalVote[];
  decided?: "approve" | "reject";
  /** Users whose shared list holds the inquiry, to drop it from each on expiry. */
  sharedWith: string[];
  expiresAtMs: number;
}

/** An inquiry in one user's "shared with me" list. */
interface SharedEntry {
  inquiryId: string;
  createdAt: string;
}

function toBallot(stored: StoredBallot | undefined): Ballot {
  if (stored === undefined) return { step: 0, votes: [] };
  return {
    step: stored.step,
    votes: stored.votes,
    ...(stored.decided === undefined ? {} : { decided: stored.decided }),
  };
}

/**
 * Shared-approval votes kept across restarts, so a half-voted team approval keeps its votes.
 * Tables: `votes` (inquiry id → ballot), `votes-shared` (`[userId, inquiryId]` → id and createdAt,
 * the "shared with me" index) and `votes-expiry`. Every change is one write transaction that
 * reads the ballot and writes it back, so `cast`, `dismiss` and `escalate` are atomic like
 * the Redis scripts: of two racing "second approvals" one decides and the other finds the
 * ballot closed. As in memory and Redis, a ballot and its shared entries expire `ttlSeconds`
 * (the history TTL) after the last write about the inquiry.
 */
export function createLmdbApprovalVoteStore(
  db: EmbeddedDatabase,
  options: { ttlSeconds: number },
): ApprovalVoteStore {
  const ballots = db.table<StoredBallot>("votes");
  const shared = db.table<SharedEntry>("votes-shared");
  const expiries = createExpiryIndex(db.table<string>("votes-expiry"), "ballot");
  const ttlMs = options.ttlSeconds * 1000;

  function live(inquiryId: string, nowMs: number): StoredBallot | undefined {
    const stored = ballots.get(inquiryId);
    return stored !== undefined && stored.expiresAtMs > nowMs ? stored : undefined;
  }

  function expire(inquiryId: string): void {
    for (const userId of ballots.get(inquiryId)?.sharedWith ?? [])
      shared.removeSync([userId, inquiryId]);
    ballots.removeSync(inquiryId);
  }

  /**
   * Runs `change` on the inquiry's live (or a fresh) ballot in one write transaction, after
   * sweeping what expired; when `change` says it wrote, the ballot is stored and its lifetime
   * restarts.
   */
  function update<Result>(
    inquiryId: string,
    change: (ballot: StoredBallot) => { wrote: boolean; result: Result },
  ): Promise<Result> {
    return ballots.transaction(() => {
      const nowMs = Date.now();
      expiries.sweep(nowMs, expire);
      const former = ballots.get(inquiryId);
      if (former !== undefined && former.expiresAtMs <= nowMs) {
        expire(inquiryId);
        expiries.unschedule(inquiryId, former.expiresAtMs);
      }
      const current = live(inquiryId, nowMs);
      const ballot = current ?? { step: 0, votes: [], sharedWith: [], expiresAtMs: 0 };
      const { wrote, result } = change(ballot);
      if (!wrote) return result;
      const expiresAtMs = nowMs + ttlMs;
      ballots.putSync(inquiryId, { ...ballot, expiresAtMs });
      expiries.schedule(inquiryId, expiresAtMs, current?.expiresAtMs);
      return result;
    });
  }

  function share(
    ballot: StoredBallot,
    inquiryId: string,
    userIds: readonly string[],
    createdAt: string,
  ): void {
    for (const userId of userIds) shared.putSync([userId, inquiryId], { inquiryId, createdAt });
    ballot.sharedWith = [...new Set([...ballot.sharedWith, ...userIds])];
  }

  return {
    share(inquiryId, userIds, createdAt) {
      return update(inquiryId, (ballot) => {
        share(ballot, inquiryId, userIds, createdAt);
        return { wrote: userIds.length > 0, result: undefined };
      });
    },

    sharedWith(userId) {
      const nowMs = Date.now();
      const mine = [...shared.getRange(keysUnder([userId]))]
        .map(({ value }) => value)
        .filter(({ inquiryId }) => live(inquiryId, nowMs) !== undefined)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return Promise.resolve(mine.map(({ inquiryId }) => inquiryId));
    },

    cast(inquiryId, vote, rule) {
      return update<CastOutcome>(inquiryId, (ballot) => {
        if (ballot.decided !== undefined)
          return { wrote: false, result: { kind: "closed", ballot: toBallot(ballot) } };
        const previous = ballot.votes.find((each) => each.userId === vote.userId);
        if (previous !== undefined)
          return { wrote: false, result: { kind: "duplicate", previous } };
        ballot.votes = [...ballot.votes, vote];
        const approvals = ballot.votes.filter(isApproving).length;
        if (isApproving(vote) && approvals >= rule.required) ballot.decided = "approve";
        else if (!isApproving(vote) && rule.rejectEnds) ballot.decided = "reject";
        return { wrote: true, result: { kind: "recorded", ballot: toBallot(ballot) } };
      });
    },

    dismiss(inquiryId, userId) {
      return update(inquiryId, (ballot) => {
        shared.removeSync([userId, inquiryId]);
        const kept = ballot.votes.filter((each) => each.userId !== userId);
        const struck = ballot.decided === undefined && kept.length < ballot.votes.length;
        if (struck) ballot.votes = kept;
        return { wrote: struck, result: { ballot: toBallot(ballot), struck } };
      });
    },

    ballot(inquiryId) {
      return Promise.resolve(toBallot(live(inquiryId, Date.now())));
    },

    escalate(inquiryId, step, userIds, createdAt) {
      return update(inquiryId, (ballot) => {
        const escalates =
          ballot.decided === undefined && ballot.votes.length === 0 && ballot.step < step;
        if (escalates) {
          ballot.step = step;
          share(ballot, inquiryId, userIds, createdAt);
        }
        return { wrote: escalates, result: escalates };
      });
    },
  };
}
