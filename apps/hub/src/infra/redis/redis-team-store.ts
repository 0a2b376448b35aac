import { TeamRoleSchema } from "@inquiry-hub/protocol";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { TeamMembership, TeamRecord, TeamStore } from "../../core/teams/ports";
import { createKeyLayout } from "./keys";
import { callRedis } from "./redis-errors";

const TeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<TeamRecord>;
const MembershipSchema = z.object({
  userId: z.string(),
  role: TeamRoleSchema,
  joinedAt: z.string(),
}) satisfies z.ZodType<TeamMembership>;

/**
 * Teams shared by every node. Keys under `prefix`:
 * `team:<id>` (JSON of the team), `team:<id>:members` (hash userId → membership JSON),
 * `user:<userId>:teams` (set of team ids). No key is derived from a team's name: names are
 * labels, teams are found by id. Teams do not expire. Creation and each membership change
 * is one MULTI, so the member hash and the user's set never disagree.
 */
export function createRedisTeamStore(redis: Redis, prefix: string): TeamStore {
  const keys = createKeyLayout(prefix).teamKeys;
  const parseTeam = (json: string | null) =>
    json === null ? undefined : TeamSchema.parse(JSON.parse(json));

  return {
    async create(team, first) {
      await callRedis("create team", () =>
        redis
          .multi()
          .set(keys.team(team.id), JSON.stringify(team))
          .hset(keys.members(team.id), first.userId, JSON.stringify(first))
          .sadd(keys.teamsOf(first.userId), team.id)
          .exec(),
      );
    },

    async get(id) {
      return parseTeam(await callRedis("read team", () => redis.get(keys.team(id))));
    },

    teamIdsOf(userId) {
      return callRedis("list teams", () => redis.smembers(keys.teamsOf(userId)));
    },

    async members(teamId) {
      const stored = await callRedis("read team members", () => redis.hvals(keys.members(teamId)));
      return stored.map((json): TeamMembership => MembershipSchema.parse(JSON.parse(json)));
    },

    async putMember(teamId, member) {
      await callRedis("save team member", () =>
        redis
          .multi()
          .hset(keys.members(teamId), member.userId, JSON.stringify(member))
          .sadd(keys.teamsOf(member.userId), teamId)
          .exec(),
      );
    },

    async removeMember(teamId, userId) {
      const reply = await callRedis("remove team member", () =>
        redis.multi().hdel(keys.members(teamId), userId).srem(keys.teamsOf(userId), teamId).exec(),
      );
      return reply?.[0]?.[1] === 1;
    },
  };
}
