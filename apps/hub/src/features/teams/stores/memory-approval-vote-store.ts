import type { ApprovalVote } from "@inquiry-hub/protocol";
import { isApproving } from "../ports";
import type { ApprovalVoteStore, Ballot } from "../ports";
import { createExpiryQueue } from "../../../platform/memory/expiry-queue";

interface StoredBallot {
  step: number;
  votes: Map<string, ApprovalVote>;
  decided?: "approve" | "reject";
}

/** A week, the default history TTL: how long a ballot outlives its last write. */
const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Votes in this process. `cast` and `escalate` read and write the ballot without an await in
 * between, so on Node's single thread each is atomic: of two racing "second approvals" the
 * first one decides and the other finds the ballot closed. Like the Redis store, an
 * inquiry's ballot and its place in people's shared lists expire `ttlMs` (the history TTL)
 * after the last write about it, so votes do not pile up for the life of the process.
 */
export function createMemoryApprovalVoteStore(
  options: { ttlMs?: number; now?: () => number } = {},
): ApprovalVoteStore {
  const ballots = new Map<string, StoredBallot>();
  const shared = new Map<string, Map<string, string>>();
  /** Inquiry id → the users whose shared list holds it, to drop it from each on expiry. */
  const sharedWithUsers = new Map<string, Set<string>>();
  const expiries = createExpiryQueue(options.ttlMs ?? DEFAULT_TTL_MS, options.now);

  function expire(inquiryId: string): void {
    ballots.delete(inquiryId);
    for (const userId of sharedWithUsers.get(inquiryId) ?? []) {
      const mine = shared.get(userId);
      mine?.delete(inquiryId);
      if (mine?.size === 0) shared.delete(userId);
    }
    sharedWithUsers.delete(inquiryId);
  }

  /** Drops what has expired, then restarts `inquiryId`'s lifetime when this call writes it. */
  function sweep(written?: string): void {
    expiries.sweep(expire);
    if (written !== undefined) expiries.touch(written);
  }

  function stored(inquiryId: string): StoredBallot {
    const ballot = ballots.get(inquiryId) ?? { step: 0, votes: new Map() };
    ballots.set(inquiryId, ballot);
    return ballot;
  }

  function snapshot(ballot: StoredBallot | undefined): Ballot {
    if (ballot === undefined) return { step: 0, votes: [] };
    const votes = [...ballot.votes.values()].map((vote) => ({ ...vote }));
    return {
      step: ballot.step,
      votes,
      ...(ballot.decided === undefined ? {} : { decided: ballot.decided }),
    };
  }

  function share(inquiryId: string, userIds: readonly string[], createdAt: string): void {
    const users = sharedWithUsers.get(inquiryId) ?? new Set<string>();
    for (const userId of userIds) {
      const mine = shared.get(userId) ?? new Map<string, string>();
      mine.set(inquiryId, createdAt);
      shared.set(userId, mine);
      users.add(userId);
    }
    sharedWithUsers.set(inquiryId, users);
  }

  return {
    share(inquiryId, userIds, createdAt) {
      sweep(inquiryId);
      share(inquiryId, userIds, createdAt);
      return Promise.resolve();
    },

    sharedWith(userId) {
      sweep();
      const mine = [...(shared.get(userId) ?? new Map<string, string>())];
      mine.sort((a, b) => b[1].localeCompare(a[1]));
      return Promise.resolve(mine.map(([id]) => id));
    },

    cast(inquiryId, vote, rule) {
      sweep(inquiryId);
      const ballot = stored(inquiryId);
      if (ballot.decided !== undefined)
        return Promise.resolve({ kind: "closed", ballot: snapshot(ballot) });
      const previous = ballot.votes.get(vote.userId);
      if (previous !== undefined)
        return Promise.resolve({ kind: "duplicate", previous: { ...previous } });
      ballot.votes.set(vote.userId, { ...vote });
      const approvals = [...ballot.votes.values()].filter(isApproving).length;
      if (isApproving(vote) && approvals >= rule.required) ballot.decided = "approve";
      else if (!isApproving(vote) && rule.rejectEnds) ballot.decided = "reject";
      return Promise.resolve({ kind: "recorded", ballot: snapshot(ballot) });
    },

    dismiss(inquiryId, userId) {
      sweep(inquiryId);
      shared.get(userId)?.delete(inquiryId);
      const ballot = ballots.get(inquiryId);
      const struck = ballot?.decided === undefined && (ballot?.votes.delete(userId) ?? false);
      return Promise.resolve({ ballot: snapshot(ballot), struck });
    },

    ballot(inquiryId) {
      sweep();
      return Promise.resolve(snapshot(ballots.get(inquiryId)));
    },

    escalate(inquiryId, step, userIds, createdAt) {
      sweep(inquiryId);
      const ballot = stored(inquiryId);
      if (ballot.decided !== undefined || ballot.votes.size > 0 || ballot.step >= step)
        return Promise.resolve(false);
      ballot.step = step;
      share(inquiryId, userIds, createdAt);
      return Promise.resolve(true);
    },
  };
}
