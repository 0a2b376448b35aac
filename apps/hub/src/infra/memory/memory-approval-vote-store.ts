import type { ApprovalVote } from "@inquiry-hub/protocol";
import { isApproving } from "../../core/approval-vote-ports";
import type { ApprovalVoteStore, Ballot } from "../../core/approval-vote-ports";

interface StoredBallot {
  step: number;
  votes: Map<string, ApprovalVote>;
  decided?: "approve" | "reject";
}

/**
 * Votes in this process. `cast` and `escalate` read and write the ballot without an await in
 * between, so on Node's single thread each is atomic: of two racing "second approvals" the
 * first one decides and the other finds the ballot closed.
 */
export function createMemoryApprovalVoteStore(): ApprovalVoteStore {
  const ballots = new Map<string, StoredBallot>();
  const shared = new Map<string, Map<string, string>>();

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
    for (const userId of userIds) {
      const mine = shared.get(userId) ?? new Map<string, string>();
      mine.set(inquiryId, createdAt);
      shared.set(userId, mine);
    }
  }

  return {
    share(inquiryId, userIds, createdAt) {
      share(inquiryId, userIds, createdAt);
      return Promise.resolve();
    },

    sharedWith(userId) {
      const mine = [...(shared.get(userId) ?? new Map<string, string>())];
      mine.sort((a, b) => b[1].localeCompare(a[1]));
      return Promise.resolve(mine.map(([id]) => id));
    },

    cast(inquiryId, vote, rule) {
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
      shared.get(userId)?.delete(inquiryId);
      const ballot = ballots.get(inquiryId);
      const struck = ballot?.decided === undefined && (ballot?.votes.delete(userId) ?? false);
      return Promise.resolve({ ballot: snapshot(ballot), struck });
    },

    ballot(inquiryId) {
      return Promise.resolve(snapshot(ballots.get(inquiryId)));
    },

    escalate(inquiryId, step, userIds, createdAt) {
      const ballot = stored(inquiryId);
      if (ballot.decided !== undefined || ballot.votes.size > 0 || ballot.step >= step)
        return Promise.resolve(false);
      ballot.step = step;
      share(inquiryId, userIds, createdAt);
      return Promise.resolve(true);
    },
  };
}
