import { TeamRoleSchema } from "@inquiry-hub/protocol";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { z } from "zod";
import type { TeamMembership, TeamRecord, TeamStore } from "../ports";
import { createKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

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
 * Teams shared by every node. Keys (keys.ts): the team's JSON and its member hash (userId →
 * membership JSON) share the team's hash tag `{t:<teamId>}`, so creating both is one MULTI
 * on one Redis Cluster slot; each user's set of team ids lives under the user's tag. No key
 * is derived from a team's name: names are labels, teams are found by id. Teams do not
 * expire.
 *
 * The member hash is the truth; the users' sets are supersets, kept in a separate step: an
 * id is added before the membership is written and removed after it is deleted, and
 * `teamIdsOf` keeps only teams whose member hash lists the user. A crash between the steps
 * therefore never lists a team to someone who is not in it.
 */
export function createRedisTeamStore(redis: RedisClient, prefix: string): TeamStore {
  const keys = createKeyLayout(prefix).teamKeys;
  const parseTeam = (json: string | null) =>
    json === null ? undefined : TeamSchema.parse(JSON.parse(json));

  return {
    async create(team, first) {
      await callRedis("create team", () => redis.sadd(keys.teamsOf(first.userId), team.id));
      await callRedis("create team", () =>
        redis
          .multi()
          .set(keys.team(team.id), JSON.stringify(team))
          .hset(keys.members(team.id), first.userId, JSON.stringify(first))
          .exec(),
      );
    },

    async get(id) {
      return parseTeam(await callRedis("read team", () => redis.get(keys.team(id))));
    },

    async teamIdsOf(userId) {
      const listed = await callRedis("list teams", () => redis.smembers(keys.teamsOf(userId)));
      const memberships = await callRedis("list teams", () =>
        Promise.all(listed.map((teamId) => redis.hexists(keys.members(teamId), userId))),
      );
      return listed.filter((_, index) => memberships[index] === 1);
    },

    async members(teamId) {
      const stored = await callRedis("read team members", () => redis.hvals(keys.members(teamId)));
      return stored.map((json): TeamMembership => MembershipSchema.parse(JSON.parse(json)));
    },

    async putMember(teamId, member) {
      await callRedis("save team member", () => redis.sadd(keys.teamsOf(member.userId), teamId));
      await callRedis("save team member", () =>
        redis.hset(keys.members(teamId), member.userId, JSON.stringify(member)),
      );
    },

    async removeMember(teamId, userId) {
      const removed = await callRedis("remove team member", () =>
        redis.hdel(keys.members(teamId), userId),
      );
      await callRedis("remove team member", () => redis.srem(keys.teamsOf(userId), teamId));
      return removed === 1;
    },
  };
}
