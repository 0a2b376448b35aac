import type { Cluster, Redis } from "ioredis";

/**
 * A connection to whichever topology the hub runs on: one Redis or a Sentinel-managed master
 * (`Redis`), or Redis Cluster (`Cluster`). Stores take this type, so every key and script they
 * use must work on a cluster: keys of one command or script share a hash tag.
 */
export type RedisClient = Redis | Cluster;
