import { randomUUID } from "node:crypto";
import type { Team, TeamInvitation, TeamRole } from "@inquiry-hub/protocol";
import type { Logger, OneTimeSecretStore } from "../../kernel/ports";
import { HubError } from "../../kernel/errors";
import type { UserStore } from "../accounts/ports";
import { hashSecret, newSecret } from "../../kernel/secrets";
import type { TeamInvitationGrant, TeamMembership, TeamRecord, TeamStore } from "./ports";

/** Teams, their members and roles, and one-time invitations to join them. */
export interface TeamService {
  create(userId: string, name: string): Promise<Team>;
  /** The teams the user belongs to, by name. */
  listOf(userId: string): Promise<Team[]>;
  /** A team the user belongs to; NOT_FOUND otherwise (ids of other teams do not leak). */
  get(userId: string, teamId: string): Promise<Team>;
  invite(userId: string, teamId: string, role: TeamRole): Promise<TeamInvitation>;
  /** Consumes the code (once) and makes the user a member; a member keeps their role. */
  claim(userId: string, code: string): Promise<Team>;
  setRole(userId: string, teamId: string, memberId: string, role: TeamRole): Promise<Team>;
  removeMember(userId: string, teamId: string, memberId: string): Promise<Team>;
  /** A team by id (never by name) with its memberships; for routing approvals and votes. */
  lookup(teamId: string): Promise<{ team: TeamRecord; members: TeamMembership[] } | undefined>;
}

const ROLE_ORDER: Record<TeamRole, number> = { owner: 0, approver: 1, viewer: 2 };
const UNUSABLE = "team invitation is unknown, used or expired";

/**
 * Creates the team service. Invitation codes work like pairing codes: 256 random bits,
 * stored only as their sha256 in a OneTimeSecretStore, taken atomically so two claims of
 * one code add one member. Only owners invite and change members, and a team never loses
 * its last owner, so someone can always manage it. Names are labels (two teams may share
 * one); the random id is what proxy policies name. After a member is removed or their role
 * changes, `membershipChanged` runs before the request returns, so their pending shared
 * approvals are reviewed at once (see shared-approvals.ts); its failure is logged, not
 * returned, because the change itself is stored and votes are checked again anyway.
 */
export function createTeamService(deps: {
  teams: TeamStore;
  users: UserStore;
  invitations: OneTimeSecretStore<TeamInvitationGrant>;
  invitationTtlMs: number;
  membershipChanged?: (teamId: string, userId: string) => Promise<void>;
  logger: Logger;
  now?: () => Date;
}): TeamService {
  const now = deps.now ?? (() => new Date());

  async function view(team: TeamRecord, members: TeamMembership[]): Promise<Team> {
    const sorted = [...members].sort(
      (a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.joinedAt.localeCompare(b.joinedAt),
    );
    return {
      ...team,
      members: await Promise.all(
        sorted.map(async (member) => {
          const user = await deps.users.findById(member.userId);
          return { ...member, ...(user === undefined ? {} : { username: user.username }) };
        }),
      ),
    };
  }

  /** The team and its members if `userId` is one of them (with `minimum` role or better). */
  async function membership(
    userId: string,
    teamId: string,
    minimum: TeamRole = "viewer",
  ): Promise<{ team: TeamRecord; members: TeamMembership[] }> {
    const team = await deps.teams.get(teamId);
    const members = team === undefined ? [] : await deps.teams.members(teamId);
    const mine = members.find((member) => member.userId === userId);
    if (team === undefined || mine === undefined)
      throw new HubError("NOT_FOUND", `team ${teamId} not found`);
    if (ROLE_ORDER[mine.role] > ROLE_ORDER[minimum])
      throw new HubError("FORBIDDEN", `only a team ${minimum} may do this`);
    return { team, members };
  }

  async function reviewChange(teamId: string, userId: string): Promise<void> {
    await deps.membershipChanged?.(teamId, userId).catch((error: unknown) => {
      deps.logger.error(
        { err: error, teamId, userId },
        "reviewing a user's approvals after a team change failed",
      );
    });
  }

  function keepsAnOwner(members: TeamMembership[], changed: string, role?: TeamRole): void {
    const owners = members.filter((member) =>
      member.userId === changed ? role === "owner" : member.role === "owner",
    );
    if (owners.length === 0)
      throw new HubError(
        "CONFLICT",
        "a team needs at least one owner; make someone else owner first",
      );
  }

  return {
    async create(userId, name) {
      const team = { id: randomUUID(), name, createdAt: now().toISOString() };
      const owner: TeamMembership = { userId, role: "owner", joinedAt: team.createdAt };
      await deps.teams.create(team, owner);
      return view(team, [owner]);
    },

    async listOf(userId) {
      const ids = await deps.teams.teamIdsOf(userId);
      const teams = await Promise.all(
        ids.map(async (id) => {
          const team = await deps.teams.get(id);
          return team === undefined ? undefined : view(team, await deps.teams.members(id));
        }),
      );
      return teams
        .filter((team): team is Team => team !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async get(userId, teamId) {
      const { team, members } = await membership(userId, teamId);
      return view(team, members);
    },

    async invite(userId, teamId, role) {
      await membership(userId, teamId, "owner");
      const code = newSecret();
      const expiresAt = new Date(now().getTime() + deps.invitationTtlMs);
      await deps.invitations.put(
        hashSecret(code),
        { teamId, role, invitedByUserId: userId },
        expiresAt,
      );
      return { code, expiresAt: expiresAt.toISOString() };
    },

    async claim(userId, code) {
      const grant = await deps.invitations.take(hashSecret(code), now());
      const team = grant === undefined ? undefined : await deps.teams.get(grant.teamId);
      if (grant === undefined || team === undefined) throw new HubError("NOT_FOUND", UNUSABLE);
      const members = await deps.teams.members(team.id);
      if (members.some((member) => member.userId === userId)) return view(team, members);
      const joined = { userId, role: grant.role, joinedAt: now().toISOString() };
      await deps.teams.putMember(team.id, joined);
      return view(team, [...members, joined]);
    },

    async setRole(userId, teamId, memberId, role) {
      const { team, members } = await membership(userId, teamId, "owner");
      const member = members.find((each) => each.userId === memberId);
      if (member === undefined) throw new HubError("NOT_FOUND", `user ${memberId} is not a member`);
      keepsAnOwner(members, memberId, role);
      const changed = { ...member, role };
      await deps.teams.putMember(teamId, changed);
      await reviewChange(teamId, memberId);
      return view(
        team,
        members.map((each) => (each.userId === memberId ? changed : each)),
      );
    },

    async removeMember(userId, teamId, memberId) {
      const { team, members } = await membership(userId, teamId, "owner");
      if (!members.some((each) => each.userId === memberId))
        throw new HubError("NOT_FOUND", `user ${memberId} is not a member`);
      keepsAnOwner(members, memberId);
      await deps.teams.removeMember(teamId, memberId);
      await reviewChange(teamId, memberId);
      return view(
        team,
        members.filter((each) => each.userId !== memberId),
      );
    },

    async lookup(teamId) {
      const team = await deps.teams.get(teamId);
      return team === undefined ? undefined : { team, members: await deps.teams.members(team.id) };
    },
  };
}
