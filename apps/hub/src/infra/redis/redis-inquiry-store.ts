import type { Redis } from "ioredis";
import { z } from "zod";
import type { InquiryStore, StoreResolveOutcome } from "../../core/inquiries/ports";
import { auditFields, readAuditTrail } from "./audit-trail";
import type { AuditEntry, AuditPage } from "./audit-trail";
import { decodeInquiry, encodeInquiry } from "./inquiry-codec";
import type { KeyLayout } from "./keys";
import { defineInquiryScripts } from "./lua-scripts";
import { callRedis } from "./redis-errors";

/** The Redis store also keeps an audit trail; history pages read it here. */
export interface RedisInquiryStore extends InquiryStore {
  /** The user's state changes, newest first (see audit-trail.ts). */
  readAuditTrail(userId: string, page?: AuditPage): Promise<AuditEntry[]>;
}

export interface RedisInquiryStoreOptions {
  keys: KeyLayout;
  /** This node's id, recorded as the holder of every inquiry it creates (see node-lease.ts). */
  nodeId: string;
  /** How long a final record (and its audit entries) stays readable as history. */
  historyTtlSeconds: number;
}

const InsertReplySchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const ResolveReplySchema = z.union([
  z.tuple([z.literal("not-found")]),
  z.tuple([z.enum(["resolved", "already-final"]), z.string(), z.string(), z.string()]),
]);
const ListReplySchema = z.array(z.tuple([z.string(), z.string(), z.string()]));

/**
 * The multi-node store. Every write is one Lua script (lua-scripts.ts), so `resolve` is an
 * atomic compare-and-set across all hub nodes sharing the Redis. Each pending record names
 * its holder, the node that created it (and so holds the suspended call), for the orphan
 * reaper. Failures to reach Redis
 * reject with HubError UNAVAILABLE (redis-errors.ts); nothing waits for Redis to return.
 *
 * @param redis a command connection (see redis-connection.ts), shared with the event
 *   publisher; the caller owns and closes it.
 */
export function createRedisInquiryStore(
  redis: Redis,
  options: RedisInquiryStoreOptions,
): RedisInquiryStore {
  const { keys, historyTtlSeconds, nodeId } = options;
  const node = keys.node(nodeId);
  defineInquiryScripts(redis);

  return {
    async insert(inquiry, limits) {
      const stored = encodeInquiry(inquiry);
      const userKeys = keys.userKeys(inquiry.userId);
      const reply = await callRedis("insert inquiry", () =>
        redis.inquiryHubInsert(
          keys.inquiry(inquiry.id),
          userKeys.inquiries,
          userKeys.pending,
          userKeys.audit,
          keys.pendingIndex,
          node.held,
          keys.nodes,
          inquiry.id,
          inquiry.userId,
          stored.body,
          stored.status,
          stored.resolution,
          Date.parse(inquiry.createdAt),
          historyTtlSeconds,
          Date.parse(inquiry.expiresAt),
          nodeId,
          limits?.maxPendingPerUser ?? 0,
          ...auditFields({ inquiryId: inquiry.id, to: inquiry.status, at: inquiry.createdAt }),
        ),
      );
      const outcome = InsertReplySchema.parse(reply);
      if (outcome === 0) throw new Error(`duplicate inquiry id ${inquiry.id}`);
      return { kind: outcome === 2 ? "pending-cap" : "inserted" };
    },

    async get(id) {
      const [body, status, resolution] = await callRedis("read inquiry", () =>
        redis.hmget(keys.inquiry(id), "body", "status", "resolution"),
      );
      if (body == null || status == null || resolution == null) return undefined;
      return decodeInquiry({ body, status, resolution });
    },

    async listByUser(userId, status) {
      const userKeys = keys.userKeys(userId);
      const index = status === "pending" ? userKeys.pending : userKeys.inquiries;
      const reply = await callRedis("list inquiries", () =>
        redis.inquiryHubList(index, keys.inquiryKeyPrefix, status ?? ""),
      );
      return ListReplySchema.parse(reply).map(([body, storedStatus, resolution]) =>
        decodeInquiry({ body, status: storedStatus, resolution }),
      );
    },

    async resolve(id, resolution): Promise<StoreResolveOutcome> {
      const reply = await callRedis("resolve inquiry", () =>
        redis.inquiryHubResolve(
          keys.inquiry(id),
          keys.pendingIndex,
          id,
          resolution.status,
          JSON.stringify(resolution),
          historyTtlSeconds,
          keys.userKeyPrefix,
          keys.nodeKeyPrefix,
          ...auditFields({
            inquiryId: id,
            from: "pending",
            to: resolution.status,
            byDeviceId: resolution.byDeviceId,
            at: resolution.resolvedAt,
          }),
        ),
      );
      const outcome = ResolveReplySchema.parse(reply);
      if (outcome[0] === "not-found") return { kind: "not-found" };
      const [kind, body, status, storedResolution] = outcome;
      return { kind, inquiry: decodeInquiry({ body, status, resolution: storedResolution }) };
    },

    readAuditTrail(userId, page) {
      return readAuditTrail(redis, keys.userKeys(userId).audit, page);
    },
  };
}
