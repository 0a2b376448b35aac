import { ApprovalVoteSchema } from "@inquiry-hub/protocol";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { z } from "zod";
import type { ApprovalVoteStore, Ballot } from "../ports";
import { isApproving } from "../ports";
import { createKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * One vote, atomically. KEYS: ballot hash. ARGV: voter id, vote JSON, approving (1/0),
 * required, rejectEnds (1/0), TTL seconds. Refuses after the decision ('closed') and a
 * person's second vote ('duplicate' with the first); otherwise records it with its place in
 * the casting order (`order:<voter>`: votes cast within one millisecond keep it), counts distinct
 * approvers and, when this vote decides, sets `decided` in the same step. Replies with the
 * kind and the whole hash, so the caller sees the ballot exactly as this vote left it.
 */
const CAST = `
local key = KEYS[1]
if redis.call('HEXISTS', key, 'decided') == 1 then
  return {'closed', redis.call('HGETALL', key)}
end
local previous = redis.call('HGET', key, 'vote:' .. ARGV[1])
if previous then return {'duplicate', {'previous', previous}} end
redis.call('HSET', key, 'vote:' .. ARGV[1], ARGV[2], 'order:' .. ARGV[1], redis.call('HINCRBY', key, 'cast', 1))
redis.call('HINCRBY', key, 'votes', 1)
local approvals = tonumber(redis.call('HGET', key, 'approvals') or '0')
if ARGV[3] == '1' then
  approvals = redis.call('HINCRBY', key, 'approvals', 1)
  if approvals >= tonumber(ARGV[4]) then redis.call('HSET', key, 'decided', 'approve') end
elseif ARGV[5] == '1' then
  redis.call('HSET', key, 'decided', 'reject')
end
redis.call('EXPIRE', key, ARGV[6])
return {'recorded', redis.call('HGETALL', key)}
`;

/**
 * Escalation, atomically. KEYS: ballot hash. ARGV: step, TTL seconds. Only an undecided
 * ballot nobody voted on, below `step`, moves to `step`; the caller then shares the inquiry
 * with the new audience (their indexes are in other Redis Cluster slots).
 */
const ESCALATE = `
local key = KEYS[1]
if redis.call('HEXISTS', key, 'decided') == 1 then return 0 end
if tonumber(redis.call('HGET', key, 'votes') or '0') > 0 then return 0 end
if tonumber(redis.call('HGET', key, 'step') or '0') >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', key, 'step', ARGV[1])
redis.call('EXPIRE', key, ARGV[2])
return 1
`;

/**
 * Dismissal of one person's vote, atomically. KEYS: ballot hash. ARGV: voter id. Unless the
 * ballot is decided, drops the person's vote with its counters. Replies with 1/0 (a vote
 * dropped) and the whole hash.
 */
const DISMISS = `
local key = KEYS[1]
local struck = 0
local previous = redis.call('HGET', key, 'vote:' .. ARGV[1])
if previous and redis.call('HEXISTS', key, 'decided') == 0 then
  redis.call('HDEL', key, 'vote:' .. ARGV[1], 'order:' .. ARGV[1])
  redis.call('HINCRBY', key, 'votes', -1)
  if cjson.decode(previous).decision ~= 'reject' then
    redis.call('HINCRBY', key, 'approvals', -1)
  end
  struck = 1
end
return {struck, redis.call('HGETALL', key)}
`;

const DismissReplySchema = z.tuple([z.union([z.literal(0), z.literal(1)]), z.array(z.string())]);

const ReplySchema = z.tuple([z.enum(["closed", "duplicate", "recorded"]), z.array(z.string())]);

function toBallot(pairs: string[]): Ballot {
  const fields = new Map<string, string>();
  for (let index = 0; index + 1 < pairs.length; index += 2)
    fields.set(pairs[index] ?? "", pairs[index + 1] ?? "");
  // A hash hands its fields back in no set order, so the votes are put in casting order: by
  // time, and within one millisecond by the order the cast script counted.
  const castOrder = (userId: string): number => Number(fields.get(`order:${userId}`) ?? "0");
  const votes = [...fields]
    .filter(([field]) => field.startsWith("vote:"))
    .map(([, json]) => ApprovalVoteSchema.parse(JSON.parse(json)))
    .sort((a, b) => a.at.localeCompare(b.at) || castOrder(a.userId) - castOrder(b.userId));
  const decided = z.enum(["approve", "reject"]).optional().parse(fields.get("decided"));
  return {
    step: Number(fields.get("step") ?? "0"),
    votes,
    ...(decided === undefined ? {} : { decided }),
  };
}

/**
 * Shared-approval votes on every node. Keys under `prefix`: `ballot:<inquiryId>` (hash:
 * `vote:<userId>` → vote JSON, counters `votes` and `approvals`, `step`, `decided`) and
 * `user:<userId>:shared` (zset of inquiry ids scored by createdAt). Both expire
 * `ttlSeconds` (the history TTL) after their last write, like the records they belong to.
 * Ballot and indexes live in different Redis Cluster slots, so a change to both is two steps
 * ordered to fail safe: see `dismiss` and `escalate`.
 */
export function createRedisApprovalVoteStore(
  redis: RedisClient,
  options: { prefix: string; ttlSeconds: number },
): ApprovalVoteStore {
  const { prefix, ttlSeconds } = options;
  const keys = createKeyLayout(prefix).teamKeys;
  const ballotKey = (inquiryId: string) => keys.ballot(inquiryId);
  const sharedKey = (userId: string) => keys.sharedApprovals(userId);

  /** Adds the inquiry to each person's index: one MULTI per person (one slot each). */
  async function shareWith(inquiryId: string, userIds: readonly string[], createdAt: string) {
    await callRedis("share inquiry", () =>
      Promise.all(
        userIds.map((userId) =>
          redis
            .multi()
            .zadd(sharedKey(userId), Date.parse(createdAt), inquiryId)
            .expire(sharedKey(userId), ttlSeconds)
            .exec(),
        ),
      ),
    );
  }

  return {
    async share(inquiryId, userIds, createdAt) {
      await shareWith(inquiryId, userIds, createdAt);
    },

    sharedWith(userId) {
      return callRedis("list shared inquiries", () => redis.zrevrange(sharedKey(userId), 0, -1));
    },

    async cast(inquiryId, vote, rule) {
      const reply = await callRedis("cast vote", () =>
        redis.eval(
          CAST,
          1,
          ballotKey(inquiryId),
          vote.userId,
          JSON.stringify(vote),
          isApproving(vote) ? "1" : "0",
          rule.required,
          rule.rejectEnds ? "1" : "0",
          ttlSeconds,
        ),
      );
      const [kind, pairs] = ReplySchema.parse(reply);
      if (kind === "duplicate")
        return { kind, previous: ApprovalVoteSchema.parse(JSON.parse(pairs[1] ?? "null")) };
      return { kind, ballot: toBallot(pairs) };
    },

    // Unshare first, then strike the vote: a crash in between leaves a person who no longer
    // sees the approval (and so cannot vote again) with a vote that still counts, as it did
    // before; the other order could let a dismissed person vote again.
    async dismiss(inquiryId, userId) {
      await callRedis("dismiss voter", () => redis.zrem(sharedKey(userId), inquiryId));
      const reply = await callRedis("dismiss voter", () =>
        redis.eval(DISMISS, 1, ballotKey(inquiryId), userId),
      );
      const [struck, pairs] = DismissReplySchema.parse(reply);
      return { ballot: toBallot(pairs), struck: struck === 1 };
    },

    async ballot(inquiryId) {
      const fields = await callRedis("read ballot", () => redis.hgetall(ballotKey(inquiryId)));
      return toBallot(Object.entries(fields).flat());
    },

    // The step moves first, then the newcomers see the approval: a crash in between leaves
    // it with its former audience until its deadline (fail safe), never shown to people the
    // ballot did not admit.
    async escalate(inquiryId, step, userIds, createdAt) {
      const reply = await callRedis("escalate approval", () =>
        redis.eval(ESCALATE, 1, ballotKey(inquiryId), step, ttlSeconds),
      );
      if (reply !== 1) return false;
      await shareWith(inquiryId, userIds, createdAt);
      return true;
    },
  };
}
