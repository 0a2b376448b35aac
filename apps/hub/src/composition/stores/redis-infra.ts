import { randomUUID } from "node:crypto";
import { createShardedAdapter } from "@socket.io/redis-adapter";
import { topologyFrom } from "@inquiry-hub/redis-topology";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { TeamRoleSchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import { createKeyLayout, KeyPrefixSchema } from "../../platform/redis/keys";
import { startNodeLease } from "../../platform/redis/node-lease";
import type { NodeLease } from "../../platform/redis/node-lease";
import { createLogger } from "@inquiry-hub/logging";
import {
  createRedisConnection,
  redisLogTo,
  settleWithin,
  untilReady,
} from "../../platform/redis/redis-connection";
import type { RedisLog } from "../../platform/redis/redis-connection";
import type { RedisClient } from "../../platform/redis/redis-client";
import { readinessOf } from "./redis-readiness";
import type { RedisReadiness } from "./redis-readiness";
import { createRedisChannelStores } from "./redis-channel-stores";
import type { HubStores } from "./hub-stores";
import type { PendingIndex } from "../../features/inquiries/ports";
import { createRedisAuditReader } from "../../features/inquiries/stores/redis-audit-reader";
import { createRedisInquiryEventBus } from "../../features/inquiries/adapters/redis-event-bus";
import type { RedisInquiryEventBus } from "../../features/inquiries/adapters/redis-event-bus";
import { createRedisDeviceStore } from "../../features/accounts/stores/redis-device-store";
import { createRedisPresenceStore } from "../../features/accounts/stores/redis-presence-store";
import { createRedisIdempotencyIndex } from "../../features/inquiries/stores/redis-idempotency-index";
import { createRedisUsedRequestStates } from "../../features/approvals/stores/redis-used-request-states";
import { createRedisToolDefinitionPins } from "../../features/approvals/stores/redis-tool-definition-pins";
import { createRedisBatchWindows } from "../../features/approvals/batches/redis-batch-windows";
import { createRedisInquiryStore } from "../../features/inquiries/stores/redis-inquiry-store";
import type { RedisInquiryStore } from "../../features/inquiries/stores/redis-inquiry-store";
import { createRedisOneTimeSecretStore } from "../../platform/redis/redis-one-time-secret-store";
import { createRedisPendingIndex } from "../../features/inquiries/stores/redis-pending-index";
import { createRedisSettingsStore } from "../../features/settings/stores/redis-settings-store";
import { createRedisApprovalRuleStore } from "../../features/approval-rules/stores/redis-approval-rule-store";
import { createRedisAuditChainStore } from "../../features/audit/stores/redis-audit-chain-store";
import { createRedisConversationStore } from "../../features/conversations/stores/redis-conversation-store";
import { createRedisApprovalVoteStore } from "../../features/teams/stores/redis-approval-vote-store";
import { createRedisTeamStore } from "../../features/teams/stores/redis-team-store";
import {
  createRedisTokenStore,
  createRedisUserStore,
} from "../../features/accounts/stores/redis-user-store";
import type { AttemptLimiterFactory } from "../../kernel/ports";
import { createRedisAttemptLimiters } from "../../platform/rate-limit/attempt-limiters";

export type { AuditEntry, AuditPage } from "../../features/inquiries/stores/redis-audit-trail";
export type { RedisLog } from "../../platform/redis/redis-connection";
export type { RedisReadiness } from "./redis-readiness";
export type { RedisInquiryEventBus } from "../../features/inquiries/adapters/redis-event-bus";
export type { RedisInquiryStore } from "../../features/inquiries/stores/redis-inquiry-store";
export type { NodeLease } from "../../platform/redis/node-lease";

const OptionsSchema = z.object({
  url: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  keyPrefix: KeyPrefixSchema.default("ih:"),
  historyTtlSeconds: z
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60 * 60),
  nodeId: z
    .string()
    .regex(/^[\w.-]+$/, "letters, digits, '.', '_' and '-' only")
    .default(() => randomUUID()),
  leaseSeconds: z.number().positive().default(10),
  minReplicaAcks: z.number().int().min(0).optional(),
  replicaAckTimeoutMs: z.number().int().positive().default(1_000),
});

const PairingGrantSchema = z.object({
  userId: z.string(),
  issuedByDeviceId: z.string(),
  expiresAt: z.string(),
  usedBy: z.object({ deviceId: z.string(), at: z.string() }).optional(),
});
const TeamInvitationGrantSchema = z.object({
  teamId: z.string(),
  role: TeamRoleSchema,
  invitedByUserId: z.string(),
});

/** Options of `createRedisInfra`; exactly one of `url` and `topology` is required. */
export interface RedisInfraOptions {
  /** One Redis, e.g. `redis://127.0.0.1:6379/0`: short for `topology: { kind: "single", url }`. */
  url?: string;
  /** One Redis, Sentinel or Cluster, as parseRedisTopology reads REDIS_* (see redis-topology). */
  topology?: RedisTopology;
  /** Prepended to every key and the event channel (default `ih:`). */
  keyPrefix?: string;
  /** How long resolved inquiries and their audit entries stay as history (default 7 days). */
  historyTtlSeconds?: number;
  /**
   * This process's id in the cluster, recorded as the holder of the inquiries it creates.
   * Must be unique per process *run* (a restarted node must not inherit its former self's
   * lease); default a random UUID.
   */
  nodeId?: string;
  /** TTL of the holder lease, renewed every third of it (default 10 s). */
  leaseSeconds?: number;
  /**
   * Replicas that must confirm each insert/resolve before it is reported (`WAIT`), so a
   * failover cannot lose an acknowledged resolution (default 1 on Sentinel/Cluster, 0 on one
   * Redis). A confirmation missing after `replicaAckTimeoutMs` (default 1 s) is UNAVAILABLE.
   */
  minReplicaAcks?: number;
  replicaAckTimeoutMs?: number;
  /** Where connection trouble and dropped events are reported (default: the hub's logger). */
  log?: RedisLog;
}

/** The multi-node infrastructure: every store createHub takes, plus the cluster parts. */
export interface RedisInfra extends HubStores {
  inquiryStore: RedisInquiryStore;
  eventBus: RedisInquiryEventBus;
  /** Overdue and orphaned pending inquiries, for the sweeper on every node. */
  pendingIndex: PendingIndex;
  /** Rate limiters counting in this Redis, so every node shares one budget per key. */
  attemptLimiters: AttemptLimiterFactory;
  /** This node's holder lease (renewing from creation until `close`). */
  lease: NodeLease;
  /**
   * The Socket.IO adapter over its own Redis connection pair (`io.adapter(socketAdapter)`), on
   * sharded pub/sub (one channel per namespace/room, so a cluster spreads them over shards).
   */
  socketAdapter: ReturnType<typeof createShardedAdapter>;
  /** Whether this node can serve now (for `GET /api/ready`); never throws. */
  readiness(): RedisReadiness;
  /**
   * Resolves once both connections are ready and the event subscription is live; await it
   * before serving. Rejects with HubError UNAVAILABLE after `timeoutMs` (default 10 s).
   */
  ready(timeoutMs?: number): Promise<void>;
  /** Releases the lease and closes every connection; safe to call twice. */
  close(): Promise<void>;
}

async function closeConnection(redis: RedisClient): Promise<void> {
  if (redis.status === "ready") {
    try {
      await redis.quit();
      return;
    } catch {
      // Lost in the meantime: fall through and drop the socket.
    }
  }
  redis.disconnect();
}

/**
 * Opens the connections a hub node needs (commands + publishes, a dedicated subscriber, and
 * the Socket.IO adapter's pair), builds every store and the event bus on them, and starts
 * renewing the node's holder lease. Connecting starts at once; until `ready()` settles, store
 * calls may reject with UNAVAILABLE.
 *
 * @example
 * const redis = createRedisInfra({ url: "redis://127.0.0.1:6379" });
 * await redis.ready();
 * const hub = createHub(config, { ...redis, cluster: redis });
 */
export function createRedisInfra(options: RedisInfraOptions): RedisInfra {
  const { url, keyPrefix, historyTtlSeconds, nodeId, leaseSeconds, ...acks } =
    OptionsSchema.parse(options);
  const topology = topologyFrom({ url, topology: options.topology });
  const log = options.log ?? redisLogTo(createLogger({ service: "hub" }));
  const keys = createKeyLayout(keyPrefix);
  const commands = createRedisConnection(topology, "commands", log);
  const subscriber = createRedisConnection(topology, "subscriber", log);
  const adapterPub = createRedisConnection(topology, "socket-adapter-pub", log);
  const adapterSub = createRedisConnection(topology, "socket-adapter-sub", log);
  const connections = [commands, subscriber, adapterPub, adapterSub];
  const lease = startNodeLease(commands, { keys, nodeId, leaseMs: leaseSeconds * 1000, log });
  const eventBus = createRedisInquiryEventBus({
    publisher: commands,
    subscriber,
    channel: keys.eventsChannel,
    log,
  });
  let closing: Promise<void> | undefined;

  const inquiryStore = createRedisInquiryStore(commands, {
    keys,
    historyTtlSeconds,
    nodeId,
    replicaAcks: {
      minReplicaAcks: acks.minReplicaAcks ?? (topology.kind === "single" ? 0 : 1),
      timeoutMs: acks.replicaAckTimeoutMs,
    },
  });

  return {
    inquiryStore,
    eventBus,
    userStore: createRedisUserStore(commands, keys.accountKeys),
    tokenStore: createRedisTokenStore(commands, keys.accountKeys),
    deviceStore: createRedisDeviceStore(commands, keys.accountKeys),
    presenceStore: createRedisPresenceStore(commands, (userId) => `${keyPrefix}presence:${userId}`),
    pairingCodes: createRedisOneTimeSecretStore(
      commands,
      keys.accountKeys,
      "pairing",
      PairingGrantSchema,
    ),
    socketTickets: createRedisOneTimeSecretStore(commands, keys.accountKeys, "ticket", z.string()),
    settingsStore: createRedisSettingsStore(commands, keys.accountKeys),
    approvalRules: createRedisApprovalRuleStore(commands, {
      rules: (userId) => keys.approvalRules(userId),
      uses: (userId) => keys.approvalRuleUses(userId),
    }),
    conversationStore: createRedisConversationStore(commands, keys.conversationKeys),
    auditChains: createRedisAuditChainStore(commands, keyPrefix),
    teamStore: createRedisTeamStore(commands, keyPrefix),
    teamInvitations: createRedisOneTimeSecretStore(
      commands,
      keys.accountKeys,
      "team-invitation",
      TeamInvitationGrantSchema,
    ),
    approvalVotes: createRedisApprovalVoteStore(commands, {
      prefix: keyPrefix,
      ttlSeconds: historyTtlSeconds,
    }),
    channelStores: {
      auditTrail: createRedisAuditReader(inquiryStore),
      ...createRedisChannelStores(commands, keys, historyTtlSeconds),
    },
    pendingIndex: createRedisPendingIndex(commands, { keys, lease }),
    idempotencyIndex: createRedisIdempotencyIndex(commands, (scope, key) => ({
      entry: keys.idempotency(scope, key),
      result: keys.idempotencyResult(scope, key),
    })),
    usedRequestStates: createRedisUsedRequestStates(commands, (id) => keys.usedRequestState(id)),
    toolDefinitionPins: createRedisToolDefinitionPins(commands, (userId, upstream) =>
      keys.toolPins(userId, upstream),
    ),
    batchWindows: createRedisBatchWindows(commands, keyPrefix),
    attemptLimiters: createRedisAttemptLimiters(commands, keyPrefix),
    lease,
    socketAdapter: createShardedAdapter(adapterPub, adapterSub, {
      channelPrefix: keys.socketAdapterPrefix,
    }),
    readiness: () => readinessOf({ commands, eventBus, lease }),
    ready(timeoutMs = 10_000) {
      return settleWithin(
        Promise.all([...connections.map(untilReady), eventBus.subscribed, lease.acquired]),
        timeoutMs,
      );
    },
    close() {
      closing ??= lease
        .release()
        .then(() => Promise.all(connections.map(closeConnection)))
        .then(() => undefined);
      return closing;
    },
  };
}
