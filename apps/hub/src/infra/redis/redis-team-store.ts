import { TeamRoleSchema } from "@inquiry-hub/protocol";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { TeamMembership, TeamStore } from "../../core/team-ports";
import { callRedis } from "./redis-errors";

const TeamSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
const MembershipSchema = z.object({
  userId: z.string(),
  role: TeamRoleSchema,
  joinedAt: z.string(),
});

/**
 * Creates a team only if its name is free: the name key (SET NX semantics) and the records
 * are written in one step. KEYS: name, team, members, the first member's team set.
 * ARGV: team id, team JSON, member id, member JSON. Returns 1, or 0 when the name is taken.
 */
const CREATE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') == false then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
redis.call('SADD', KEYS[4], ARGV[1])
return 1
`;

/**
 * Teams shared by every node. Keys under `prefix`:
 * `team:<id>` (JSON of the team), `team:<id>:members` (hash userId → membership JSON),
 * `team-name:<lower-cased name>` (→ id), `user:<userId>:teams` (set of team ids). Teams do
 * not expire. Each membership change is one MULTI, so the member hash and the user's set
 * never disagree.
 */
export function createRedisTeamStore(redis: Redis, prefix: string): TeamStore {
  const keys = {
    team: (id: string) => `${prefix}team:${id}`,
    members: (id: string) => `${prefix}team:${id}:members`,
    name: (name: string) => `${prefix}team-name:${name.toLowerCase()}`,
    teamsOf: (userId: string) => `${prefix}user:${userId}:teams`,
  };
  const parseTeam = (json: string | null) =>
    json === null ? undefined : TeamSchema.parse(JSON.parse(json));

  return {
    async create(team, first) {
      const reply = await callRedis("create team", () =>
        redis.eval(
          CREATE,
          4,
          keys.name(team.name),
          keys.team(team.id),
          keys.members(team.id),
          keys.teamsOf(first.userId),
          team.id,
          JSON.stringify(team),
          first.userId,
          JSON.stringify(first),
        ),
      );
      return reply === 1;
    },

    async get(id) {
      return parseTeam(await callRedis("read team", () => redis.get(keys.team(id))));
    },

    async findByName(name) {
      const id = await callRedis("find team", () => redis.get(keys.name(name)));
      return id === null
        ? undefined
        : parseTeam(await callRedis("read team", () => redis.get(keys.team(id))));
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
