import type { TeamRole } from "@inquiry-hub/protocol";

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
