import type { Logger } from "@inquiry-hub/logging";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import type { RunStore } from "../runs/ports";
import { createLmdbRunStore } from "./lmdb/lmdb-run-store";
import { createMemoryRunStore } from "./memory-run-store";
import { createRedisRunStore } from "./redis/redis-run-store";

/**
 * Which RunStore the agent keeps its runs in, as env.ts reads it: Redis when REDIS_URL,
 * REDIS_SENTINELS or REDIS_CLUSTER_NODES is set (several agent nodes), else the embedded LMDB store in AGENT_DATA_DIR (the default: runs
 * survive a restart), or memory (AGENT_STORE=memory: nothing survives the process).
 */
export type RunStoreChoice =
  | { kind: "memory"; ttlMs: number }
  | { kind: "embedded"; dataDir: string; ttlMs: number }
  | { kind: "redis"; topology: RedisTopology; ttlMs: number };

/** Opens the chosen store; the caller closes it on shutdown. */
export function createRunStore(choice: RunStoreChoice, logger: Logger): RunStore {
  switch (choice.kind) {
    case "memory":
      return createMemoryRunStore({ ttlMs: choice.ttlMs });
    case "embedded":
      return createLmdbRunStore({ dir: choice.dataDir, ttlMs: choice.ttlMs, logger });
    case "redis":
      return createRedisRunStore({ topology: choice.topology, ttlMs: choice.ttlMs, logger });
  }
}
