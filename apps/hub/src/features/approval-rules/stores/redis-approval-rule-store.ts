import { ApprovalRuleSchema } from "@inquiry-hub/protocol";
import type { ApprovalRule } from "@inquiry-hub/protocol";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { callRedis } from "../../../platform/redis/redis-errors";
import type { ApprovalRuleStore } from "../ports";

/** The user's two keys; they share the user's hash tag, so a script may touch both. */
export interface ApprovalRuleKeys {
  rules(userId: string): string;
  uses(userId: string): string;
}

/** KEYS[1] rules; ARGV rule id, JSON, cap → 1 stored, 0 at the cap. */
const INSERT_UNDER_CAP = `
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

/** KEYS[1] rules; ARGV rule id, JSON → 1 replaced, 0 when the rule is gone. */
const REPLACE_EXISTING = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

/** KEYS[1] rules, KEYS[2] uses; ARGV rule id, at → counts a use of a rule that still exists. */
const RECORD_USE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('HSET', KEYS[2], ARGV[1] .. ':last', ARGV[2])
return 1`;

/**
 * People's rules shared by every node. Each rule's JSON lives in the user's `approval-rules`
 * hash; its use counts in `approval-rule-uses`, so a use is one HINCRBY (atomic across nodes)
 * and never rewrites the rule, and a PATCH never loses a count. Scripts make the cap check
 * with its insert, and a use of a rule revoked meanwhile, single steps. Rules do not expire in
 * Redis: an expired one is judged on read and pruned by the service.
 */
export function createRedisApprovalRuleStore(
  redis: RedisClient,
  keys: ApprovalRuleKeys,
): ApprovalRuleStore {
  /** The stored rule with its counts; undefined for a value that fails the schema. */
  function withUses(json: string, uses: Record<string, string>): ApprovalRule | undefined {
    const parsed = ApprovalRuleSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return undefined;
    const rule = parsed.data;
    return {
      ...rule,
      allowedCount: Number(uses[rule.id] ?? 0),
      lastAllowedAt: uses[`${rule.id}:last`] ?? null,
    };
  }

  async function read(userId: string): Promise<ApprovalRule[]> {
    const [stored, uses] = await callRedis("read approval rules", () =>
      Promise.all([redis.hgetall(keys.rules(userId)), redis.hgetall(keys.uses(userId))]),
    );
    return Object.values(stored)
      .flatMap((json) => withUses(json, uses) ?? [])
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  return {
    list: read,
    async get(userId, ruleId) {
      return (await read(userId)).find((rule) => rule.id === ruleId);
    },
    async insert(userId, rule, maxRules) {
      const stored = await callRedis("save approval rule", () =>
        redis.eval(
          INSERT_UNDER_CAP,
          1,
          keys.rules(userId),
          rule.id,
          JSON.stringify(rule),
          maxRules,
        ),
      );
      return stored === 1;
    },
    async update(userId, ruleId, change) {
      const rule = (await read(userId)).find((each) => each.id === ruleId);
      if (rule === undefined) return undefined;
      const updated = { ...rule, ...change };
      const replaced = await callRedis("save approval rule", () =>
        redis.eval(REPLACE_EXISTING, 1, keys.rules(userId), ruleId, JSON.stringify(updated)),
      );
      return replaced === 1 ? updated : undefined;
    },
    async remove(userId, ruleId) {
      const [[, removed] = []] =
        (await callRedis("remove approval rule", () =>
          redis
            .multi()
            .hdel(keys.rules(userId), ruleId)
            .hdel(keys.uses(userId), ruleId, `${ruleId}:last`)
            .exec(),
        )) ?? [];
      return removed === 1;
    },
    async recordUse(userId, ruleId, at) {
      await callRedis("count approval rule use", () =>
        redis.eval(RECORD_USE, 2, keys.rules(userId), keys.uses(userId), ruleId, at),
      );
    },
  };
}
