import type { Redis } from "ioredis";
import { z } from "zod";
import type { PendingIndex } from "../../core/inquiries/ports";
import type { KeyLayout } from "./keys";
import type { NodeLease } from "./node-lease";
import { callRedis } from "./redis-errors";

const IdsSchema = z.array(z.string());

/**
 * The cluster-wide pending view the sweeper scans: the global pending index (scored by
 * expiresAt) for overdue inquiries, and the node registry + held sets for orphans. Plain
 * reads on the command connection; no keyspace notifications involved, so nothing depends on
 * Redis delivering expiry events on time.
 */
export function createRedisPendingIndex(
  redis: Redis,
  options: { keys: KeyLayout; lease: NodeLease },
): PendingIndex {
  const { keys, lease } = options;
  return {
    async overdue(dueBefore, limit) {
      const ids = await callRedis("scan overdue inquiries", () =>
        redis.zrangebyscore(keys.pendingIndex, "-inf", dueBefore.getTime(), "LIMIT", 0, limit),
      );
      return IdsSchema.parse(ids);
    },

    async orphaned(limit) {
      if (!lease.canJudgeOthers()) return [];
      const ids = await callRedis("scan orphaned inquiries", () =>
        redis.inquiryHubOrphans(keys.nodes, keys.nodeKeyPrefix, keys.inquiryKeyPrefix, limit),
      );
      return IdsSchema.parse(ids);
    },
  };
}
