import { ConversationSummarySchema } from "@inquiry-hub/protocol";
import type { Redis } from "ioredis";
import { z } from "zod";
import { ConversationRecordSchema, toSummary } from "../../core/conversations/conversation-record";
import type { ConversationRecord, ConversationStore } from "../../core/conversations/ports";
import { HubError } from "../../core/shared/errors";
import type { ConversationKeyLayout } from "./keys";
import { callRedis } from "./redis-errors";

/**
 * Insert under the per-user limit. KEYS: the user's id set, the conversation hash. ARGV: the
 * limit, id, record JSON, summary JSON, user id. Replies 1, or 0 when the user is at the limit.
 */
const INSERT = `
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[2], 'record', ARGV[3], 'summary', ARGV[4], 'version', 1, 'userId', ARGV[5])
redis.call('SADD', KEYS[1], ARGV[2])
return 1
`;

/**
 * Compare-and-set on the version. KEYS: the conversation hash. ARGV: the version the change
 * was computed from, new record JSON, new summary JSON. Replies 1 when written, 0 when
 * another writer came first, -1 when the conversation is gone.
 */
const COMPARE_AND_SET = `
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return -1 end
if version ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'record', ARGV[2], 'summary', ARGV[3], 'version', tonumber(version) + 1)
return 1
`;

/**
 * Delete by its owner. KEYS: the conversation hash, the user's id set. ARGV: user id,
 * conversation id. Replies 1 when deleted, 0 when absent or someone else's.
 */
const REMOVE = `
if redis.call('HGET', KEYS[1], 'userId') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[2])
return 1
`;

/** Rounds of read, change, compare-and-set before `update` gives up under contention. */
const MAX_UPDATE_ROUNDS = 16;

const ScriptReplySchema = z.number().int();

/**
 * Conversations shared by every hub node. Each is one hash (`record` and `summary` JSON, an
 * integer `version`, `userId`) plus the user's id set; the scripts above keep the limit and
 * the compare-and-set atomic across nodes, so of two racing final reports exactly one
 * applies and the other re-reads a final turn and is refused. Records are validated with
 * zod on every read. Conversations do not expire.
 */
export function createRedisConversationStore(
  redis: Redis,
  keys: ConversationKeyLayout,
): ConversationStore {
  async function readVersioned(
    id: string,
  ): Promise<{ record: ConversationRecord; version: string } | undefined> {
    const [json, version] = await callRedis("read conversation", () =>
      redis.hmget(keys.conversation(id), "record", "version"),
    );
    if (json === null || json === undefined || version === null || version === undefined)
      return undefined;
    return { record: ConversationRecordSchema.parse(JSON.parse(json)), version };
  }

  return {
    async insert(record, maxPerUser) {
      const reply = await callRedis("create conversation", () =>
        redis.eval(
          INSERT,
          2,
          keys.userConversations(record.userId),
          keys.conversation(record.id),
          maxPerUser,
          record.id,
          JSON.stringify(record),
          JSON.stringify(toSummary(record)),
          record.userId,
        ),
      );
      return ScriptReplySchema.parse(reply) === 1;
    },

    async get(id) {
      return (await readVersioned(id))?.record;
    },

    async listSummaries(userId) {
      const ids = await callRedis("list conversations", () =>
        redis.smembers(keys.userConversations(userId)),
      );
      const pipeline = redis.pipeline();
      for (const id of ids) pipeline.hget(keys.conversation(id), "summary");
      const replies = (await callRedis("list conversations", () => pipeline.exec())) ?? [];
      return replies.flatMap(([error, json]) => {
        if (error !== null) throw error;
        return typeof json === "string" ? [ConversationSummarySchema.parse(JSON.parse(json))] : [];
      });
    },

    async update(id, change) {
      for (let round = 0; round < MAX_UPDATE_ROUNDS; round += 1) {
        const current = await readVersioned(id);
        if (current === undefined) return undefined;
        const next = change(current.record);
        const reply = await callRedis("update conversation", () =>
          redis.eval(
            COMPARE_AND_SET,
            1,
            keys.conversation(id),
            current.version,
            JSON.stringify(next),
            JSON.stringify(toSummary(next)),
          ),
        );
        const written = ScriptReplySchema.parse(reply);
        if (written === 1) return next;
        if (written === -1) return undefined;
      }
      throw new HubError("CONFLICT", "the conversation is changing too fast: try again");
    },

    async remove(userId, id) {
      const reply = await callRedis("delete conversation", () =>
        redis.eval(REMOVE, 2, keys.conversation(id), keys.userConversations(userId), userId, id),
      );
      return ScriptReplySchema.parse(reply) === 1;
    },
  };
}
