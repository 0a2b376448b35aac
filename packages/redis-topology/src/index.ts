export {
  describeRedisTopology,
  parseRedisTopology,
  RedisTopologyError,
  topologyFrom,
} from "./redis-topology";
export type { RedisEndpoint, RedisTopology } from "./redis-topology";
export { openRedisClient } from "./open-redis-client";
export type { RedisClient, RedisClientSpec } from "./open-redis-client";
