import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import { createMemoryPresenceStore } from "../../src/features/accounts/stores/memory-presence-store";
import { createRedisPresenceStore } from "../../src/features/accounts/stores/redis-presence-store";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import { createRedisConnection, untilReady } from "../../src/platform/redis/redis-connection";
import { useForSuite } from "../support/suite-resource";
import { describePresenceContract } from "../support/contracts/presence-store";

describePresenceContract("memory", (now) => createMemoryPresenceStore(now));

describe("Redis presence store", () => {
  const redis = useForSuite(
    "presence redis",
    async () => {
      const server = await startRedisServer();
      const client = createRedisConnection({ kind: "single", url: server.url }, "commands", () => {
        // Connection trouble fails the test through the store's calls.
      });
      await untilReady(client);
      return { server, client };
    },
    async ({ server, client }) => {
      await client.quit();
      await server.stop();
    },
  );
  const key = (userId: string) => `presence-contract:${userId}`;
  describePresenceContract("redis", (now) => createRedisPresenceStore(redis().client, key, now));

  it("gives each person's key a TTL, so a dead node's marks leave nothing behind", async () => {
    const store = createRedisPresenceStore(redis().client, key);
    const ada = randomUUID();
    await store.markHere(ada, "tab", 60_000);
    const ttl = await redis().client.pttl(key(ada));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("is the store a Redis hub node uses, under the node's key prefix", async () => {
    const infra = createRedisInfra({ url: redis().server.url, keyPrefix: "presence-infra:" });
    try {
      await infra.ready();
      const ada = randomUUID();
      await infra.presenceStore.markHere(ada, "tab", 60_000);
      expect(await infra.presenceStore.hereDevices(ada)).toEqual(["tab"]);
      expect(await redis().client.exists(`presence-infra:presence:${ada}`)).toBe(1);
    } finally {
      await infra.close();
    }
  });
});
