import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { startRedisSentinel } from "@inquiry-hub/test-kit";
import type { TestRedisSentinel } from "@inquiry-hub/test-kit";
import { createRedisInfra } from "../../src/infra/redis/index";
import type { RedisInfra } from "../../src/infra/redis/index";

/** The topology a hub is given for `sentinel` (REDIS_SENTINELS + REDIS_SENTINEL_NAME). */
export function sentinelTopology(sentinel: TestRedisSentinel): RedisTopology {
  return { kind: "sentinel", sentinels: [...sentinel.sentinels], name: sentinel.name, tls: false };
}

/**
 * Starts a Sentinel deployment (master, replica, three sentinels) before the enclosing
 * describe's tests and stops it after them; returns a getter for use inside tests.
 */
export function useSentinel(): () => TestRedisSentinel {
  let sentinel: TestRedisSentinel | undefined;
  beforeAll(async () => {
    sentinel = await startRedisSentinel();
  });
  afterAll(async () => {
    await sentinel?.stop();
  });
  return () => {
    if (sentinel === undefined) throw new Error("useSentinel: used outside its describe's tests");
    return sentinel;
  };
}

/**
 * One Redis infra on a Sentinel deployment of its own for the enclosing describe (key prefix
 * `<name>-<uuid>:`), for running a store contract suite through Sentinel.
 */
export function useSentinelInfra(name: string): () => RedisInfra {
  const sentinel = useSentinel();
  let infra: RedisInfra | undefined;
  beforeAll(async () => {
    infra = createRedisInfra({
      topology: sentinelTopology(sentinel()),
      keyPrefix: `${name}-${randomUUID()}:`,
      log: () => undefined,
    });
    await infra.ready();
  });
  afterAll(async () => {
    await infra?.close();
  });
  return () => {
    if (infra === undefined) throw new Error("useSentinelInfra: used outside its describe's tests");
    return infra;
  };
}
