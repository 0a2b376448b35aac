import { z } from "zod";
import { parseRedisTopology } from "@inquiry-hub/redis-topology";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { DEFAULT_HUB_CONFIG } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { defaultHubDataDir } from "../repository-root";
import { configError, count, readOrRefuse, seconds } from "./env-fields";

/**
 * Where the hub keeps its state: Redis (its key prefix, the node's id and lease), or one
 * node's embedded or memory store, and how long resolved history stays.
 */
export const StoreEnvSchema = z.object({
  HUB_REDIS_KEY_PREFIX: z.string().min(1).default(DEFAULT_HUB_CONFIG.redisKeyPrefix).meta({
    description:
      "Prefix of every Redis key and channel, so several hubs can share one Redis; may not contain `{` or `}`.",
  }),
  HUB_NODE_ID: z
    .string()
    .regex(/^[\w.-]+$/, "letters, digits, '.', '_' and '-' only")
    .optional()
    .meta({
      description:
        "Readable prefix of the node's id in logs and Redis (letters, digits, `.`, `_`, `-`); unset: the host name. A random suffix is always added, so a restarted node never inherits its former self's calls.",
    }),
  HUB_NODE_LEASE_SECONDS: seconds(DEFAULT_HUB_CONFIG.nodeLeaseSeconds).meta({
    description:
      "Holder lease: a node renews it every third of this; when a node dies, its waiting calls' inquiries are withdrawn as `cancelled` within about this long.",
  }),
  HUB_HISTORY_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_HUB_CONFIG.historyTtlSeconds)
    .meta({
      description:
        "How long resolved inquiries, their audit trail, team ballots and delivery receipts stay; Redis expires them, the memory store evicts them.",
    }),
  HUB_STORE: z
    .enum(["embedded", "memory"], { error: "must be embedded or memory" })
    .optional()
    .meta({
      description:
        "The single node's store when no Redis is set: `embedded` (LMDB in `HUB_DATA_DIR`, the default) or `memory` (tests); refused beside `REDIS_URL`.",
    }),
  HUB_DATA_DIR: z.string().min(1).optional().meta({
    description:
      "The embedded store and the generated channel secrets; unset: `hub/` in the data directory (`INQUIRY_HUB_DATA_DIR`, else the per-user one).",
  }),
  HUB_MEMORY_HISTORY_PER_USER: count(DEFAULT_HUB_CONFIG.memoryHistoryPerUser).meta({
    description:
      "Memory store only: resolved inquiries kept per user within the history TTL, oldest dropped first.",
  }),
});

type StoreEnv = z.infer<typeof StoreEnvSchema>;

/**
 * The store: `redis` with a Redis topology, else HUB_STORE, else `embedded`. HUB_STORE is
 * refused beside Redis, so a setting that would be silently ignored stops the hub instead.
 */
function storeOf(env: StoreEnv, redis: RedisTopology | undefined): HubConfig["store"] {
  if (redis !== undefined && env.HUB_STORE !== undefined)
    throw configError(
      "HUB_STORE cannot be combined with REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS (Redis is then the store); unset one",
    );
  if (redis !== undefined) return "redis";
  return env.HUB_STORE ?? "embedded";
}

/**
 * The store settings; `present` is the whole environment, where the Redis variables (read by
 * `@inquiry-hub/redis-topology`) and the data directory's fallbacks live.
 */
export function storeSettings(
  env: StoreEnv,
  present: Readonly<Record<string, string | undefined>>,
): Pick<
  HubConfig,
  | "redis"
  | "redisKeyPrefix"
  | "nodeName"
  | "nodeLeaseSeconds"
  | "historyTtlSeconds"
  | "memoryHistoryPerUser"
  | "store"
  | "dataDir"
> {
  const redis = readOrRefuse(() => parseRedisTopology(present));
  return {
    redis,
    redisKeyPrefix: env.HUB_REDIS_KEY_PREFIX,
    nodeName: env.HUB_NODE_ID,
    nodeLeaseSeconds: env.HUB_NODE_LEASE_SECONDS,
    historyTtlSeconds: env.HUB_HISTORY_TTL_SECONDS,
    memoryHistoryPerUser: env.HUB_MEMORY_HISTORY_PER_USER,
    store: storeOf(env, redis),
    dataDir: env.HUB_DATA_DIR ?? defaultHubDataDir(present),
  };
}
