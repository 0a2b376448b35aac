import type { RedisClient } from "../../../platform/redis/redis-client";
import { z } from "zod";
import type { TokenStore, UserRecord, UserStore } from "../ports";
import type { AccountKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

const UserRecordSchema = z.object({
  id: z.string(),
  username: z.string(),
  passwordHash: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<UserRecord>;

function parseUser(json: string | null): UserRecord | undefined {
  return json === null ? undefined : UserRecordSchema.parse(JSON.parse(json));
}

/**
 * Users shared by every hub node, so an account registered through node A logs in through
 * node B. Usernames are unique case-insensitively (the name key is lower-cased). Accounts do
 * not expire.
 */
export function createRedisUserStore(redis: RedisClient, keys: AccountKeyLayout): UserStore {
  async function findById(id: string): Promise<UserRecord | undefined> {
    return parseUser(await callRedis("read user", () => redis.get(keys.user(id))));
  }

  // Two keys in two slots (the account and its name), so two steps, ordered so a crash
  // leaves nothing reachable half-made: the record first (under a fresh random id, so
  // SET NX only guards against a reused id), then the name claim that makes it reachable.
  // A lost name race removes the record nobody can reach.
  async function create(user: UserRecord): Promise<boolean> {
    const written = await callRedis("create user", () =>
      redis.set(keys.user(user.id), JSON.stringify(user), "NX"),
    );
    if (written !== "OK") return false;
    const claimed = await callRedis("create user", () =>
      redis.set(keys.username(user.username), user.id, "NX"),
    );
    if (claimed !== "OK") {
      await callRedis("create user", () => redis.del(keys.user(user.id)));
      return false;
    }
    await callRedis("create user", () => redis.set(keys.anyAccount, user.id, "NX"));
    return true;
  }

  return {
    create,

    // The any-account marker is claimed first, so of racing first registrations one wins.
    // Accounts registered before the marker existed do not set it: a deployment switching
    // to first-account registration with such accounts lets one more in.
    async createFirst(user) {
      const first = await callRedis("create first user", () =>
        redis.set(keys.anyAccount, user.id, "NX"),
      );
      return first === "OK" && create(user);
    },

    async findByUsername(username) {
      const id = await callRedis("find user", () => redis.get(keys.username(username)));
      return id === null ? undefined : findById(id);
    },

    findById,
  };
}

/** Token hashes → user ids, shared by every node so a token works wherever it lands. */
export function createRedisTokenStore(redis: RedisClient, keys: AccountKeyLayout): TokenStore {
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
