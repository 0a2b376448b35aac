import type { NodeLease } from "../../platform/redis/node-lease";
import type { RedisClient } from "../../platform/redis/redis-client";
import type { RedisInquiryEventBus } from "../../features/inquiries/adapters/redis-event-bus";

/** Whether a node can serve now, and if not, why (a short reason for the 503 body and logs). */
export type RedisReadiness = { ready: true } | { ready: false; reason: string };

/**
 * A Redis-backed node can serve when its command connection is ready (stores answer), its
 * event subscription is live (it hears other nodes' events) and it holds its lease (peers do
 * not reap its pending calls). Each is checked from local state, so a load balancer may ask
 * often without adding Redis traffic.
 */
export function readinessOf(parts: {
  commands: RedisClient;
  eventBus: RedisInquiryEventBus;
  lease: NodeLease;
}): RedisReadiness {
  if (parts.commands.status !== "ready")
    return { ready: false, reason: "redis command connection is not ready" };
  if (!parts.eventBus.isLive()) return { ready: false, reason: "event subscription is not live" };
  if (!parts.lease.isHeld()) return { ready: false, reason: "node lease is not held" };
  return { ready: true };
}
