import type { TeamMembership, TeamRecord, TeamStore } from "../ports";
import { keysUnder } from "../../../platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Teams kept across restarts. Tables: `teams` (id → record), `teams-members` (`[teamId,
 * userId]` → membership) and `teams-by-user` (`[userId, teamId]` → team id), so both "the
 * team's members" and "the user's teams" are key ranges. Creation and each membership change
 * is one write transaction, so the two membership tables never disagree. No key is derived
 * from a team's name (names are labels); teams do not expire.
 */
export function createLmdbTeamStore(db: EmbeddedDatabase): TeamStore {
  const teams = db.table<TeamRecord>("teams");
  const members = db.table<TeamMembership>("teams-members");
  const teamIdsByUser = db.table<string>("teams-by-user");

  /** Writes one membership on both sides; call inside a write transaction. */
  function putMember(teamId: string, member: TeamMembership): void {
    members.putSync([teamId, member.userId], { ...member });
    teamIdsByUser.putSync([member.userId, teamId], teamId);
  }

  return {
    async create(team, firstMember) {
      await teams.transaction(() => {
        teams.putSync(team.id, { ...team });
        putMember(team.id, firstMember);
      });
    },

    get(id) {
      return Promise.resolve(teams.get(id));
    },

    teamIdsOf(userId) {
      const entries = teamIdsByUser.getRange(keysUnder([userId]));
      return Promise.resolve([...entries].map(({ value }) => value));
    },

    members(teamId) {
      const entries = members.getRange(keysUnder([teamId]));
      return Promise.resolve([...entries].map(({ value }) => value));
    },

    async putMember(teamId, member) {
      await teams.transaction(() => {
        if (teams.get(teamId) !== undefined) putMember(teamId, member);
      });
    },

    removeMember(teamId, userId) {
      return teams.transaction(() => {
        teamIdsByUser.removeSync([userId, teamId]);
        return members.removeSync([teamId, userId]);
      });
    },
  };
}
