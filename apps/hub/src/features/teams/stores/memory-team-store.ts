import type { TeamMembership, TeamRecord, TeamStore } from "../ports";

/**
 * The embedded, single-node team store. Every method updates its maps without an await in
 * between, so each write is atomic on Node's single thread; records are copied in and out.
 */
export function createMemoryTeamStore(): TeamStore {
  const teams = new Map<string, TeamRecord>();
  const members = new Map<string, Map<string, TeamMembership>>();

  return {
    create(team, firstMember) {
      teams.set(team.id, { ...team });
      members.set(team.id, new Map([[firstMember.userId, { ...firstMember }]]));
      return Promise.resolve();
    },

    get(id) {
      const team = teams.get(id);
      return Promise.resolve(team === undefined ? undefined : { ...team });
    },

    teamIdsOf(userId) {
      const ids = [...members].filter(([, team]) => team.has(userId)).map(([id]) => id);
      return Promise.resolve(ids);
    },

    members(teamId) {
      return Promise.resolve(
        [...(members.get(teamId)?.values() ?? [])].map((each) => ({ ...each })),
      );
    },

    putMember(teamId, member) {
      members.get(teamId)?.set(member.userId, { ...member });
      return Promise.resolve();
    },

    removeMember(teamId, userId) {
      return Promise.resolve(members.get(teamId)?.delete(userId) ?? false);
    },
  };
}
