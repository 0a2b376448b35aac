export {
  describeRedisTopology,
  parseRedisTopology,
  RedisTopologyError,
  topologyFrom,
} from "./redis-topology";
export type { RedisEndpoint, RedisTopology } from "./redis-topology";
export { openRedisClient } from "./open-redis-client";
export type { RedisClient, RedisClientSpec } from "./open-redis-client";
export { moveKey, refuseClusterMode, scanKeysUnder } from "./key-migration-steps";
export { MigrationUrlSchema, runKeyMigrationCommand } from "./key-migration-cli";
export type {
  KeyMigrationArgs,
  KeyMigrationCommand,
  KeyMigrationOutcome,
} from "./key-migration-cli";
