import type { ApprovalVote, TeamRole } from "@inquiry-hub/protocol";

/** A stored team; membership lives in its own records so members change one at a time. */
export interface TeamRecord {
  id: string;
  name: string;
  createdAt: string;
}

/** One membership: `userId` has `role` in the team since `joinedAt`. */
export interface TeamMembership {
  userId: string;
  role: TeamRole;
  joinedAt: string;
}

/** What a team invitation code stands for; kept in a OneTimeSecretStore under the code's hash. */
export interface TeamInvitationGrant {
  teamId: string;
  role: TeamRole;
  invitedByUserId: string;
}

/**
 * Teams by id and by member. There is deliberately no lookup by name: names are labels
 * anyone may pick, and proxy policies name teams by their random id. Each membership write
 * is atomic on its own; the service keeps the "at least one owner" rule.
 */
export interface TeamStore {
  /** Stores a new team (its id is fresh) with its first member, in one step. */
  create(team: TeamRecord, firstMember: TeamMembership): Promise<void>;
  get(id: string): Promise<TeamRecord | undefined>;
  /** Ids of the teams `userId` belongs to. */
  teamIdsOf(userId: string): Promise<string[]>;
  /** Every membership of the team, in no particular order. */
  members(teamId: string): Promise<TeamMembership[]>;
  /** Adds or replaces the membership of `member.userId` in an existing team. */
  putMember(teamId: string, member: TeamMembership): Promise<void>;
  /** Removes a membership; false when there was none. */
  removeMember(teamId: string, userId: string): Promise<boolean>;
}

/** When a shared approval is decided: `required` distinct approvers, or one reject if `rejectEnds`. */
export interface VoteRule {
  required: number;
  rejectEnds: boolean;
}

/** The votes on one shared approval and how far it escalated. */
export interface Ballot {
  /** The highest escalation step reached; 0 until the first escalation. */
  step: number;
  /** One vote per person, oldest first. */
  votes: ApprovalVote[];
  /** Set by the vote that decided it; no vote is taken after that. */
  decided?: "approve" | "reject" | undefined;
}

/**
 * Result of casting a vote. Exactly one vote per ballot comes back `recorded` with
 * `decided`: the one that made the count reach `required` (or the ending reject). That vote's
 * caller alone resolves the inquiry, so racing votes can never both be "the second approval".
 */
export type CastOutcome =
  | { kind: "recorded"; ballot: Ballot }
  | { kind: "duplicate"; previous: ApprovalVote }
  | { kind: "closed"; ballot: Ballot };

/**
 * Votes of shared (team) approvals, and which users each shared approval is listed for.
 * `cast` and `escalate` must be atomic (a single-threaded map update in memory, a Lua
 * script in Redis): a person's second vote is a duplicate, a vote after the decision is
 * refused, and escalation happens only while nobody has voted.
 */
export interface ApprovalVoteStore {
  /** Lists the inquiry for these users (their "shared with me" index), scored by creation. */
  share(inquiryId: string, userIds: readonly string[], createdAt: string): Promise<void>;
  /** Ids of the inquiries shared with the user, newest first. */
  sharedWith(userId: string): Promise<string[]>;
  cast(inquiryId: string, vote: ApprovalVote, rule: VoteRule): Promise<CastOutcome>;
  /**
   * Takes a person out of a shared approval they may no longer decide (removed from the
   * team, or demoted): drops their vote while the ballot is undecided, so it no longer counts
   * towards `required`, and the inquiry from their shared index. A decided ballot keeps every
   * vote, as the audit recorded it. Atomic like `cast`; `struck` tells whether a vote went.
   */
  dismiss(inquiryId: string, userId: string): Promise<{ ballot: Ballot; struck: boolean }>;
  /** The ballot; an empty step-0 ballot for inquiries nobody voted on. */
  ballot(inquiryId: string): Promise<Ballot>;
  /**
   * Raises the ballot to `step` and shares the inquiry with `userIds`, only if it is
   * undecided, nobody has voted and it is below `step`. True when this call escalated.
   */
  escalate(
    inquiryId: string,
    step: number,
    userIds: readonly string[],
    createdAt: string,
  ): Promise<boolean>;
}

/** Approve and edit both count as approving; reject does not. */
export function isApproving(vote: ApprovalVote): boolean {
  return vote.decision !== "reject";
}
