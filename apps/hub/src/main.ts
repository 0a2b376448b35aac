import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { createHub } from "./composition/app";
import type { HubConfig } from "./config/hub-config";
import { loadConfig } from "./config/env";
import { withPersistedSecrets } from "./infra/file/channel-secrets";
import { createRedisInfra } from "./infra/redis/index";
import type { RedisInfra } from "./infra/redis/index";
import { redisHubDeps } from "./composition/redis-hub-deps";

function readConfig(): HubConfig {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** With REDIS_URL: every store on Redis, plus the cluster parts. Exits if Redis never answers. */
async function connectRedis(config: HubConfig, url: string): Promise<RedisInfra> {
  const redis = createRedisInfra({
    url,
    keyPrefix: config.redisKeyPrefix,
    historyTtlSeconds: config.historyTtlSeconds,
    nodeId: `${config.nodeName ?? hostname()}-${randomUUID().slice(0, 8)}`,
    leaseSeconds: config.nodeLeaseSeconds,
  });
  try {
    await redis.ready();
  } catch (error) {
    console.error(`cannot reach Redis at ${url}:`, error instanceof Error ? error.message : error);
    await redis.close();
    process.exit(1);
  }
  return redis;
}

const config = withPersistedSecrets(readConfig());
const redis =
  config.redisUrl === undefined ? undefined : await connectRedis(config, config.redisUrl);
const hub = createHub(config, redis === undefined ? {} : redisHubDeps(redis));
const url = await hub.listen();
console.log(
  redis === undefined
    ? `inquiry hub listening on ${url.origin}`
    : `inquiry hub listening on ${url.origin} (node ${redis.lease.nodeId}, Redis)`,
);

function shutdown(signal: string): void {
  console.log(`${signal} received, closing`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  hub
    .close()
    .then(() => redis?.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("shutdown failed", error);
        process.exit(1);
      },
    );
}

process.once("SIGINT", () => shutdown("SIGINT"));
process.once("SIGTERM", () => shutdown("SIGTERM"));
