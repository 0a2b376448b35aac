import { randomUUID } from "node:crypto";
import type { HubConfig } from "../../../src/index";
import { startTestNode } from "../../support/cluster";
import type { ClusterOptions, TestNode } from "../../support/cluster";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";

/** Limits high enough that a suite pushing thousands of operations never meets them. */
export const UNLIMITED: HubConfig["rateLimits"] = {
  loginPerMinute: 1_000_000,
  loginFailuresPerAccountAddressPerHour: 1_000_000,
  loginFailuresPerAccountPerHour: 1_000_000,
  pairingPerMinute: 1_000_000,
  answersPerMinute: 1_000_000,
  inquiriesPerMinute: 1_000_000,
  inquiriesPerCredentialPerMinute: 1_000_000,
  delegatedPerMinute: 1_000_000,
  agentCredentialsPerMinute: 1_000_000,
  conversationWritesPerMinute: 1_000_000,
};

/** Two in-process hub nodes on a private redis-server; `close` stops all three. */
export interface TwoNodes {
  redis: TestRedisServer;
  cluster: ClusterOptions;
  a: TestNode;
  b: TestNode;
  close(): Promise<void>;
}

/** Starts the pair with `overrides` on both nodes (no rate limits or pending cap unless overridden). */
export async function startTwoNodes(overrides: Partial<HubConfig> = {}): Promise<TwoNodes> {
  const redis = await startRedisServer();
  const cluster = { redisUrl: redis.url, keyPrefix: `rel-${randomUUID()}:`, leaseSeconds: 3 };
  const config = {
    heartbeatSeconds: 30,
    rateLimits: UNLIMITED,
    pendingInquiriesPerUser: 1_000_000,
    ...overrides,
  };
  const a = await startTestNode(cluster, config);
  const b = await startTestNode(cluster, config);
  return {
    redis,
    cluster,
    a,
    b,
    async close() {
      await Promise.allSettled([a.close(), b.close()]);
      await redis.stop();
    },
  };
}
