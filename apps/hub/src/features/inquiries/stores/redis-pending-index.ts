import { z } from "zod";
import type { PendingIndex } from "../ports";
import { parsePendingMember } from "../../../platform/redis/keys";
import type { KeyLayout } from "../../../platform/redis/keys";
import type { NodeLease } from "../../../platform/redis/node-lease";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { callRedis } from "../../../platform/redis/redis-errors";

const MembersSchema = z.array(z.string());

/**
 * The cluster-wide pending view the sweeper scans: the global pending index (scored by
 * expiresAt) for overdue inquiries, and the node registry + held sets for orphans. Both are
 * supersets kept outside the per-user scripts (keys.ts), so every member is checked against
 * its record and stale ones (record gone or no longer pending) are dropped on the way.
 *
 * Dropping is safe although members are added before their record is written: the overdue
 * scan only sees members whose deadline has passed (a record being inserted has a future
 * one), and the orphan scan only reads held sets of nodes whose lease is gone (a node
 * without a lease inserts nothing).
 */
export function createRedisPendingIndex(
  redis: RedisClient,
  options: { keys: KeyLayout; lease: NodeLease },
): PendingIndex {
  const { keys, lease } = options;

  /** Splits members into the ids of still-pending records and the stale members. */
  async function sortOut(members: string[]): Promise<{ pending: string[]; stale: string[] }> {
    const statuses = await callRedis("read pending inquiries", () =>
      Promise.all(
        members.map((member) => {
          const parsed = parsePendingMember(member);
          return parsed === undefined
            ? Promise.resolve(null)
            : redis.hget(keys.inquiry(parsed.userId, parsed.inquiryId), "status");
        }),
      ),
    );
    const pending: string[] = [];
    const stale: string[] = [];
    for (const [index, member] of members.entries()) {
      const parsed = parsePendingMember(member);
      if (parsed !== undefined && statuses[index] === "pending") pending.push(parsed.inquiryId);
      else stale.push(member);
    }
    return { pending, stale };
  }

  return {
    async overdue(dueBefore, limit) {
      const members = MembersSchema.parse(
        await callRedis("scan overdue inquiries", () =>
          redis.zrangebyscore(keys.pendingIndex, "-inf", dueBefore.getTime(), "LIMIT", 0, limit),
        ),
      );
      const { pending, stale } = await sortOut(members);
      if (stale.length > 0) await redis.zrem(keys.pendingIndex, ...stale).catch(() => undefined);
      return pending;
    },

    async orphaned(limit) {
      if (!lease.canJudgeOthers()) return [];
      const nodeIds = MembersSchema.parse(
        await callRedis("scan orphaned inquiries", () => redis.smembers(keys.nodes)),
      );
      const found: string[] = [];
      for (const nodeId of nodeIds) {
        if (found.length >= limit) break;
        const node = keys.node(nodeId);
        if ((await callRedis("read node lease", () => redis.exists(node.lease))) === 1) continue;
        const members = MembersSchema.parse(
          await callRedis("scan orphaned inquiries", () =>
            redis.srandmember(node.held, limit - found.length),
          ),
        );
        const { pending, stale } = await sortOut(members);
        found.push(...pending);
        if (stale.length > 0) await redis.srem(node.held, ...stale).catch(() => undefined);
        // A lease-less node with nothing left leaves the registry, so the scan stays small.
        if (pending.length === 0 && (await redis.scard(node.held).catch(() => 1)) === 0)
          await redis.srem(keys.nodes, nodeId).catch(() => undefined);
      }
      return found;
    },
  };
}
