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
 * Teams by id, by (case-insensitive) name and by member. Names are unique so a proxy policy
 * can name a team unambiguously. Each membership write is atomic on its own; the service
 * keeps the "at least one owner" rule.
 */
export interface TeamStore {
  /** Stores the team with its first member unless the name is taken; false when it is. */
  create(team: TeamRecord, firstMember: TeamMembership): Promise<boolean>;
  get(id: string): Promise<TeamRecord | undefined>;
  findByName(name: string): Promise<TeamRecord | undefined>;
  /** Ids of the teams `userId` belongs to. */
  teamIdsOf(userId: string): Promise<string[]>;
  /** Every membership of the team, in no particular order. */
  members(teamId: string): Promise<TeamMembership[]>;
  /** Adds or replaces the membership of `member.userId` in an existing team. */
  putMember(teamId: string, member: TeamMembership): Promise<void>;
  /** Removes a membership; false when there was none. */
  removeMember(teamId: string, userId: string): Promise<boolean>;
}
