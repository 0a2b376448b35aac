import type { ClientContext, Redis, Result } from "ioredis";
import { z } from "zod";
import type { TokenStore, UserRecord, UserStore } from "../../core/accounts/ports";
import type { AccountKeyLayout } from "./keys";
import { callRedis } from "./redis-errors";

const UserRecordSchema = z.object({
  id: z.string(),
  username: z.string(),
  passwordHash: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<UserRecord>;

/**
 * KEYS: username key, user key. ARGV: user id, user JSON. Claims the username and writes the
 * record in one step, so a taken name never leaves a half-created user behind.
 */
const CREATE_USER = `
if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1
`;

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext = { type: "default" }> {
    inquiryHubCreateUser(
      usernameKey: string,
      userKey: string,
      userId: string,
      json: string,
    ): Result<unknown, Context>;
  }
}

function parseUser(json: string | null): UserRecord | undefined {
  return json === null ? undefined : UserRecordSchema.parse(JSON.parse(json));
}

/**
 * Users shared by every hub node, so an account registered through node A logs in through
 * node B. Usernames are unique case-insensitively (the name key is lower-cased). Accounts do
 * not expire.
 */
export function createRedisUserStore(redis: Redis, keys: AccountKeyLayout): UserStore {
  redis.defineCommand("inquiryHubCreateUser", { numberOfKeys: 2, lua: CREATE_USER });

  async function findById(id: string): Promise<UserRecord | undefined> {
    return parseUser(await callRedis("read user", () => redis.get(keys.user(id))));
  }

  return {
    async create(user) {
      const reply = await callRedis("create user", () =>
        redis.inquiryHubCreateUser(
          keys.username(user.username),
          keys.user(user.id),
          user.id,
          JSON.stringify(user),
        ),
      );
      return reply === 1;
    },

    async findByUsername(username) {
      const id = await callRedis("find user", () => redis.get(keys.username(username)));
      return id === null ? undefined : findById(id);
    },

    findById,
  };
}

/** Token hashes → user ids, shared by every node so a token works wherever it lands. */
export function createRedisTokenStore(redis: Redis, keys: AccountKeyLayout): TokenStore {
  return {
    async save(tokenHash, userId) {
      await callRedis("save token", () => redis.set(keys.token(tokenHash), userId));
    },
    async findUserId(tokenHash) {
      const userId = await callRedis("read token", () => redis.get(keys.token(tokenHash)));
      return userId ?? undefined;
    },
  };
}
