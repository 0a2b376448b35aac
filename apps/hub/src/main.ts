import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { createLogger } from "@inquiry-hub/logging";
import { describeRedisTopology } from "@inquiry-hub/redis-topology";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { startOtlpTracing } from "@inquiry-hub/telemetry";
import { createHub } from "./composition/app";
import type { HubConfig } from "./config/hub-config";
import { loadConfig } from "./config/env";
import { withPersistedSecrets } from "./composition/channel-secrets";
import { createRedisInfra } from "./composition/stores/redis-infra";
import { redisLogTo } from "./platform/redis/redis-connection";
import type { RedisInfra } from "./composition/stores/redis-infra";
import { createEmbeddedInfra } from "./composition/stores/embedded-infra";
import type { EmbeddedInfra } from "./composition/stores/embedded-infra";
import { createOtelInquiryTracing } from "./features/inquiries/adapters/otel-inquiry-tracing";
import { adoptCheckoutHubData } from "./repository-root";

const logger = createLogger({ service: "hub" });

function readConfig(): HubConfig {
  try {
    return loadConfig();
  } catch (error) {
    logger.error({ err: error }, "invalid configuration");
    process.exit(1);
  }
}

/** With a Redis topology: every store on Redis, plus the cluster parts. Exits if Redis never answers. */
async function connectRedis(config: HubConfig, topology: RedisTopology): Promise<RedisInfra> {
  const redis = createRedisInfra({
    topology,
    keyPrefix: config.redisKeyPrefix,
    historyTtlSeconds: config.historyTtlSeconds,
    nodeId: `${config.nodeName ?? hostname()}-${randomUUID().slice(0, 8)}`,
    leaseSeconds: config.nodeLeaseSeconds,
    log: redisLogTo(logger),
  });
  try {
    await redis.ready();
  } catch (error) {
    logger.error({ err: error, redis: describeRedisTopology(topology) }, "cannot reach Redis");
    await redis.close();
    process.exit(1);
  }
  return redis;
}

/** Without Redis, unless HUB_STORE=memory: every store on disk. Exits if it cannot open. */
function openEmbedded(config: HubConfig): EmbeddedInfra {
  try {
    return createEmbeddedInfra({
      dir: config.dataDir,
      historyTtlSeconds: config.historyTtlSeconds,
    });
  } catch (error) {
    logger.error({ err: error, dataDir: config.dataDir }, "cannot open the store in HUB_DATA_DIR");
    process.exit(1);
  }
}

/** Exits naming the folders when an older checkout's `.data/hub` cannot be moved. */
function adoptCheckoutStateOrExit(config: HubConfig): HubConfig {
  try {
    adoptCheckoutHubData(config.dataDir, logger);
  } catch (error) {
    logger.error(
      { err: error, dataDir: config.dataDir },
      "cannot move .data/hub into HUB_DATA_DIR",
    );
    process.exit(1);
  }
  return config;
}

const config = withPersistedSecrets(adoptCheckoutStateOrExit(readConfig()), logger);
const redis = config.redis === undefined ? undefined : await connectRedis(config, config.redis);
const embedded = config.store === "embedded" ? openEmbedded(config) : undefined;
const nodeId = redis?.lease.nodeId ?? config.nodeName ?? hostname();
const tracing = config.tracing === undefined ? undefined : startOtlpTracing(config.tracing, nodeId);
const hub = createHub(config, {
  ...(redis === undefined ? {} : { ...redis, cluster: redis }),
  ...embedded,
  ...(tracing === undefined ? {} : { tracing: createOtelInquiryTracing(tracing.provider, nodeId) }),
  logger,
});
const url = await hub.listen();
const metricsUrl = hub.metricsUrl();
if (metricsUrl !== undefined) logger.info({ url: metricsUrl.origin }, "metrics listening");
logger.info(
  redis === undefined
    ? { url: url.origin, store: config.store, dataDir: config.dataDir }
    : { url: url.origin, nodeId: redis.lease.nodeId, store: "redis" },
  "inquiry hub listening",
);

function shutdown(signal: string): void {
  logger.info({ signal }, "closing");
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  hub
    .close()
    .then(() => Promise.all([redis?.close(), embedded?.close(), tracing?.shutdown()]))
    .then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
}

process.once("SIGINT", () => shutdown("SIGINT"));
process.once("SIGTERM", () => shutdown("SIGTERM"));
