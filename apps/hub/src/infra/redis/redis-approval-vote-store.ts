import { ApprovalVoteSchema } from "@inquiry-hub/protocol";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { ApprovalVoteStore, Ballot } from "../../core/teams/ports";
import { isApproving } from "../../core/teams/ports";
import { createKeyLayout } from "./keys";
import { callRedis } from "./redis-errors";

/**
 * One vote, atomically. KEYS: ballot hash. ARGV: voter id, vote JSON, approving (1/0),
 * required, rejectEnds (1/0), TTL seconds. Refuses after the decision ('closed') and a
 * person's second vote ('duplicate' with the first); otherwise records it, counts distinct
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
redis.call('HSET', key, 'vote:' .. ARGV[1], ARGV[2])
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
 * Escalation, atomically. KEYS: ballot hash, then the shared index of each new audience
 * member. ARGV: step, inquiry id, createdAt score (ms), TTL seconds. Only an undecided
 * ballot nobody voted on, below `step`, moves to `step`; the members' indexes get the id.
 */
const ESCALATE = `
local key = KEYS[1]
if redis.call('HEXISTS', key, 'decided') == 1 then return 0 end
if tonumber(redis.call('HGET', key, 'votes') or '0') > 0 then return 0 end
if tonumber(redis.call('HGET', key, 'step') or '0') >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', key, 'step', ARGV[1])
redis.call('EXPIRE', key, ARGV[4])
for index = 2, #KEYS do
  redis.call('ZADD', KEYS[index], ARGV[3], ARGV[2])
  redis.call('EXPIRE', KEYS[index], ARGV[4])
end
return 1
`;

/**
 * Dismissal of one person, atomically. KEYS: ballot hash, the person's shared index.
 * ARGV: voter id, inquiry id. Drops the inquiry from the index and, unless the ballot is
 * decided, the person's vote with its counters. Replies with 1/0 (a vote dropped) and the
 * whole hash.
 */
const DISMISS = `
local key = KEYS[1]
redis.call('ZREM', KEYS[2], ARGV[2])
local struck = 0
local previous = redis.call('HGET', key, 'vote:' .. ARGV[1])
if previous and redis.call('HEXISTS', key, 'decided') == 0 then
  redis.call('HDEL', key, 'vote:' .. ARGV[1])
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
  const votes = [...fields]
    .filter(([field]) => field.startsWith("vote:"))
    .map(([, json]) => ApprovalVoteSchema.parse(JSON.parse(json)))
    .sort((a, b) => a.at.localeCompare(b.at));
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
 */
export function createRedisApprovalVoteStore(
  redis: Redis,
  options: { prefix: string; ttlSeconds: number },
): ApprovalVoteStore {
  const { prefix, ttlSeconds } = options;
  const keys = createKeyLayout(prefix).teamKeys;
  const ballotKey = (inquiryId: string) => keys.ballot(inquiryId);
  const sharedKey = (userId: string) => keys.sharedApprovals(userId);

  return {
    async share(inquiryId, userIds, createdAt) {
      if (userIds.length === 0) return;
      const multi = redis.multi();
      for (const userId of userIds)
        multi
          .zadd(sharedKey(userId), Date.parse(createdAt), inquiryId)
          .expire(sharedKey(userId), ttlSeconds);
      await callRedis("share inquiry", () => multi.exec());
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

    async dismiss(inquiryId, userId) {
      const reply = await callRedis("dismiss voter", () =>
        redis.eval(DISMISS, 2, ballotKey(inquiryId), sharedKey(userId), userId, inquiryId),
      );
      const [struck, pairs] = DismissReplySchema.parse(reply);
      return { ballot: toBallot(pairs), struck: struck === 1 };
    },

    async ballot(inquiryId) {
      const fields = await callRedis("read ballot", () => redis.hgetall(ballotKey(inquiryId)));
      return toBallot(Object.entries(fields).flat());
    },

    async escalate(inquiryId, step, userIds, createdAt) {
      const reply = await callRedis("escalate approval", () =>
        redis.eval(
          ESCALATE,
          1 + userIds.length,
          ballotKey(inquiryId),
          ...userIds.map(sharedKey),
          step,
          inquiryId,
          Date.parse(createdAt),
          ttlSeconds,
        ),
      );
      return reply === 1;
    },
  };
}
