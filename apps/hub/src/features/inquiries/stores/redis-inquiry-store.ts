import { z } from "zod";
import type { InquiryStore, StoreResolveOutcome } from "../ports";
import { auditFields, readAuditTrail } from "./redis-audit-trail";
import type { AuditEntry, AuditPage } from "./redis-audit-trail";
import { decodeInquiry, decodeTraceContext, encodeInquiry } from "./inquiry-codec";
import { createInquiryOwners } from "./inquiry-owners";
import { createRedisPendingChanges, readRecord } from "./redis-pending-changes";
import { pendingMember } from "../../../platform/redis/keys";
import type { KeyLayout } from "../../../platform/redis/keys";
import { defineInquiryScripts } from "../../../platform/redis/lua-scripts";
import { execReplicated } from "../../../platform/redis/replica-acks";
import type { ReplicaAcks } from "../../../platform/redis/replica-acks";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { callRedis } from "../../../platform/redis/redis-errors";

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
  /** Replica confirmations awaited after each insert/resolve (see replica-acks.ts). */
  replicaAcks: ReplicaAcks;
}

const InsertReplySchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const ResolveReplySchema = z.union([
  z.tuple([z.literal("not-found")]),
  z.tuple([z.enum(["resolved", "already-final"]), z.string(), z.string(), z.string(), z.string()]),
]);
const RecordFieldsSchema = z.tuple([z.string(), z.string(), z.string()]);

/**
 * The multi-node store, on one Redis, Sentinel or Redis Cluster alike. Every write of a
 * user's data is one Lua script on the user's hash-tag slot (lua-scripts.ts), so `resolve` is
 * an atomic compare-and-set across all hub nodes; the cross-user indexes (global pending,
 * held sets, node registry) are supersets written around the scripts (see keys.ts). Each
 * pending record names its holder, the node that created it, for the orphan reaper.
 * Failures to reach Redis reject with HubError UNAVAILABLE (redis-errors.ts).
 *
 * @param redis a command connection (see redis-connection.ts); the caller owns and closes it.
 */
export function createRedisInquiryStore(
  redis: RedisClient,
  options: RedisInquiryStoreOptions,
): RedisInquiryStore {
  const { keys, historyTtlSeconds, nodeId, replicaAcks } = options;
  const node = keys.node(nodeId);
  const owners = createInquiryOwners(redis, keys);
  defineInquiryScripts(redis);

  /** The keys the insert and resolve scripts take: the record, then the user's indexes. */
  function scriptKeys(userId: string, id: string): [string, string, string, string, string] {
    const userKeys = keys.userKeys(userId);
    return [
      keys.inquiry(userId, id),
      userKeys.inquiries,
      userKeys.pending,
      userKeys.audit,
      userKeys.pendingAskers,
    ];
  }

  /** Drops a final inquiry from the cross-user indexes; readers drop leftovers lazily. */
  async function forgetPending(userId: string, id: string, holder: string): Promise<void> {
    const member = pendingMember(userId, id);
    await Promise.all([
      redis.zrem(keys.pendingIndex, member),
      holder === "" ? undefined : redis.srem(keys.node(holder).held, member),
    ]).catch(() => undefined);
  }

  return {
    ...createRedisPendingChanges(redis, { keys, owners, historyTtlSeconds, replicaAcks }),

    async insert(inquiry, limits, traceContext) {
      const { id, userId } = inquiry;
      const stored = encodeInquiry(inquiry, traceContext);
      const member = pendingMember(userId, id);
      const lifetimeSeconds =
        Math.ceil(Math.max(0, Date.parse(inquiry.expiresAt) - Date.now()) / 1000) +
        historyTtlSeconds;
      if (!(await owners.claim(id, userId, lifetimeSeconds)))
        throw new Error(`duplicate inquiry id ${id}`);
      const pending = inquiry.status === "pending";
      if (pending)
        // Before the record: whoever finds the record pending must find it in these, too.
        await callRedis("index pending inquiry", () =>
          Promise.all([
            redis.zadd(keys.pendingIndex, Date.parse(inquiry.expiresAt), member),
            redis.sadd(node.held, member),
            redis.sadd(keys.nodes, nodeId),
          ]),
        );
      const reply = await execReplicated(redis, "insert inquiry", replicaAcks, (pipeline) =>
        pipeline.inquiryHubInsert(
          ...scriptKeys(userId, id),
          id,
          userId,
          stored.body,
          stored.status,
          stored.resolution,
          Date.parse(inquiry.createdAt),
          historyTtlSeconds,
          nodeId,
          limits?.maxPendingPerUser ?? 0,
          inquiry.askedByCredentialId ?? "",
          limits?.maxPendingPerCredential ?? 0,
          ...auditFields({ inquiryId: id, to: inquiry.status, at: inquiry.createdAt }),
        ),
      );
      const outcome = InsertReplySchema.parse(reply);
      if (outcome === 0) throw new Error(`duplicate inquiry id ${id}`);
      if (outcome === 2 || outcome === 3) {
        if (pending) await forgetPending(userId, id, nodeId);
        return { kind: outcome === 2 ? "pending-cap" : "credential-pending-cap" };
      }
      return { kind: "inserted" };
    },

    async get(id) {
      const userId = await owners.ownerOf(id);
      if (userId === undefined) return undefined;
      const stored = await readRecord(redis, keys.inquiry(userId, id));
      return stored === undefined ? undefined : decodeInquiry(stored);
    },

    async traceContextOf(id) {
      const userId = await owners.ownerOf(id);
      if (userId === undefined) return undefined;
      const body = await callRedis("read inquiry trace context", () =>
        redis.hget(keys.inquiry(userId, id), "body"),
      );
      return body === null ? undefined : decodeTraceContext(body);
    },

    async listByUser(userId, status) {
      const userKeys = keys.userKeys(userId);
      const index = status === "pending" ? userKeys.pending : userKeys.inquiries;
      const ids = await callRedis("list inquiries", () => redis.zrevrange(index, 0, -1));
      if (ids.length === 0) return [];
      // Index and records share the user's slot: one pipeline, one node, one round trip.
      const pipeline = redis.pipeline();
      for (const id of ids)
        pipeline.hmget(keys.inquiry(userId, id), "body", "status", "resolution");
      const replies = (await callRedis("list inquiries", () => pipeline.exec())) ?? [];
      const found = [];
      const expired: string[] = [];
      for (const [index_, id] of ids.entries()) {
        const [error, fields] = replies[index_] ?? [new Error("no reply"), undefined];
        if (error !== null) throw error;
        const parsed = RecordFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          expired.push(id);
          continue;
        }
        const [body, storedStatus, resolution] = parsed.data;
        if (status === undefined || storedStatus === status)
          found.push(decodeInquiry({ body, status: storedStatus, resolution }));
      }
      // Lazy cleanup of ids whose record expired, so expiry needs no keyspace events.
      if (expired.length > 0) await redis.zrem(index, ...expired).catch(() => undefined);
      return found;
    },

    async resolve(id, resolution): Promise<StoreResolveOutcome> {
      const userId = await owners.ownerOf(id);
      if (userId === undefined) return { kind: "not-found" };
      const reply = await execReplicated(redis, "resolve inquiry", replicaAcks, (pipeline) =>
        pipeline.inquiryHubResolve(
          ...scriptKeys(userId, id),
          id,
          resolution.status,
          JSON.stringify(resolution),
          historyTtlSeconds,
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
      const [kind, body, status, storedResolution, holder] = outcome;
      if (kind === "resolved") await forgetPending(userId, id, holder);
      return { kind, inquiry: decodeInquiry({ body, status, resolution: storedResolution }) };
    },

    readAuditTrail(userId, page) {
      return readAuditTrail(redis, keys.userKeys(userId).audit, page);
    },
  };
}
