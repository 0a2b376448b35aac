import { ConversationSummarySchema } from "@inquiry-hub/protocol";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { z } from "zod";
import { ConversationRecordSchema, toSummary } from "../conversation-record";
import type { ConversationRecord, ConversationStore } from "../ports";
import { HubError } from "../../../kernel/errors";
import type { ConversationKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * Creates the conversation hash. KEYS: the conversation hash. ARGV: record JSON, summary
 * JSON, user id. Replies 1, or 0 (writing nothing) when the id exists.
 */
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'summary', ARGV[2], 'version', 1, 'userId', ARGV[3])
return 1
`;

/**
 * Lists the id under the per-user limit. KEYS: the user's id set. ARGV: the limit, id.
 * Replies 1, or 0 when the user is at the limit.
 */
const ADD_UNDER_LIMIT = `
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
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
 * Delete by its owner. KEYS: the conversation hash. ARGV: user id. Replies 1 when deleted,
 * 0 when absent or someone else's.
 */
const REMOVE = `
if redis.call('HGET', KEYS[1], 'userId') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
`;

/** Rounds of read, change, compare-and-set before `update` gives up under contention. */
const MAX_UPDATE_ROUNDS = 16;

const ScriptReplySchema = z.number().int();

/**
 * Conversations shared by every hub node. Each is one hash (`record` and `summary` JSON, an
 * integer `version`, `userId`) plus the user's id set. Hash and set live in different Redis
 * Cluster slots (a conversation is read by id alone), so creation and removal are two
 * single-key steps, ordered so a crash leaves nothing reachable half-made: create writes the
 * hash, then lists it under the limit (a refused one is deleted again; a crash leaves a hash
 * nobody was given the id of); remove deletes the hash, then unlists it (a crash leaves a
 * listed id without a hash, which listings skip and the next remove unlists). The scripts
 * keep the limit and the compare-and-set atomic across nodes, so of two racing final reports exactly one
 * applies and the other re-reads a final turn and is refused. Records are validated with
 * zod on every read. Conversations do not expire.
 */
export function createRedisConversationStore(
  redis: RedisClient,
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
      const conversationKey = keys.conversation(record.id);
      const created = await callRedis("create conversation", () =>
        redis.eval(
          CREATE,
          1,
          conversationKey,
          JSON.stringify(record),
          JSON.stringify(toSummary(record)),
          record.userId,
        ),
      );
      if (ScriptReplySchema.parse(created) !== 1) return false;
      const listed = await callRedis("create conversation", () =>
        redis.eval(
          ADD_UNDER_LIMIT,
          1,
          keys.userConversations(record.userId),
          maxPerUser,
          record.id,
        ),
      );
      if (ScriptReplySchema.parse(listed) === 1) return true;
      await callRedis("create conversation", () => redis.del(conversationKey));
      return false;
    },

    async get(id) {
      return (await readVersioned(id))?.record;
    },

    async listSummaries(userId) {
      const ids = await callRedis("list conversations", () =>
        redis.smembers(keys.userConversations(userId)),
      );
      // One read per conversation, not one pipeline: on Redis Cluster they live in many slots.
      const summaries = await callRedis("list conversations", () =>
        Promise.all(ids.map((id) => redis.hget(keys.conversation(id), "summary"))),
      );
      return summaries.flatMap((json) =>
        json === null ? [] : [ConversationSummarySchema.parse(JSON.parse(json))],
      );
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
        redis.eval(REMOVE, 1, keys.conversation(id), userId),
      );
      // Unlisting from the caller's own set is safe whatever the script said (another
      // user's id is not in it), and finishes a removal a crash interrupted.
      await callRedis("delete conversation", () => redis.srem(keys.userConversations(userId), id));
      return ScriptReplySchema.parse(reply) === 1;
    },
  };
}
