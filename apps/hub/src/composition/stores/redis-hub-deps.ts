import type { HubDeps } from "../app";
import type { RedisInfra } from "./redis-infra";
import { createRedisAuditReader } from "../../features/inquiries/stores/redis-audit-reader";

/**
 * Every replaceable part of a hub node taken from one Redis infra: all stores, the event
 * bus, and the cluster parts (pending index for the sweeper, Socket.IO adapter). Presence
 * then comes from the Socket.IO rooms across nodes.
 */
export function redisHubDeps(redis: RedisInfra): Partial<HubDeps> {
  return {
    inquiryStore: redis.inquiryStore,
    idempotencyIndex: redis.idempotencyIndex,
    usedRequestStates: redis.usedRequestStates,
    toolDefinitionPins: redis.toolDefinitionPins,
    eventBus: redis.eventBus,
    userStore: redis.userStore,
    tokenStore: redis.tokenStore,
    deviceStore: redis.deviceStore,
    pairingCodes: redis.pairingCodes,
    socketTickets: redis.socketTickets,
    settingsStore: redis.settingsStore,
    conversationStore: redis.conversationStore,
    teamStore: redis.teamStore,
    teamInvitations: redis.teamInvitations,
    approvalVotes: redis.approvalVotes,
    attemptLimiters: redis.attemptLimiters,
    cluster: redis,
    channels: { auditTrail: createRedisAuditReader(redis.inquiryStore), ...redis.channelStores },
  };
}
