import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { startRedisSentinel } from "@inquiry-hub/test-kit";
import type { TestRedisSentinel } from "@inquiry-hub/test-kit";
import { useForSuite } from "./suite-resource";

/** The topology a hub is given for `sentinel` (REDIS_SENTINELS + REDIS_SENTINEL_NAME). */
export function sentinelTopology(sentinel: TestRedisSentinel): RedisTopology {
  return { kind: "sentinel", sentinels: [...sentinel.sentinels], name: sentinel.name, tls: false };
}

/**
 * Starts a Sentinel deployment (master, replica, three sentinels) before the enclosing
 * describe's tests and stops it after them; returns a getter for use inside tests.
 */
export function useSentinel(): () => TestRedisSentinel {
  return useForSuite(
    "useSentinel",
    () => startRedisSentinel(),
    (sentinel) => sentinel.stop(),
  );
}
