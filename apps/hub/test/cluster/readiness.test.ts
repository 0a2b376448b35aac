import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { startTestHub } from "../helpers";
import { startTestNode } from "../support/cluster";
import type { TestNode } from "../support/cluster";

async function probe(node: { request: TestNode["request"] }, path: string) {
  const response = await node.request(path);
  const body: unknown = await response.json();
  return { status: response.status, body };
}

describe("GET /api/ready", () => {
  it("is always ready on a single node without Redis", async () => {
    const hub = await startTestHub();
    try {
      expect(await probe(hub, "/api/ready")).toEqual({ status: 200, body: { ready: true } });
    } finally {
      await hub.close();
    }
  });

  describe("on Redis", () => {
    let redis: TestRedisServer;
    let node: TestNode;

    beforeAll(async () => {
      redis = await startRedisServer();
      node = await startTestNode({
        redisUrl: redis.url,
        keyPrefix: `ready-${randomUUID()}:`,
        leaseSeconds: 3,
      });
    });
    afterAll(async () => {
      await node?.close();
      await redis?.stop();
    });

    it("reports not ready (503, a reason) while Redis is down and ready again once it returns; health stays 200", async () => {
      expect(await probe(node, "/api/ready")).toEqual({ status: 200, body: { ready: true } });

      await redis.stop();
      await expect.poll(async () => (await probe(node, "/api/ready")).status).toBe(503);
      expect(await probe(node, "/api/ready")).toEqual({
        status: 503,
        body: { ready: false, reason: "redis command connection is not ready" },
      });
      expect(await probe(node, "/api/health")).toEqual({ status: 200, body: { ok: true } });

      await redis.start();
      const returnedAt = Date.now();
      await expect
        .poll(async () => (await probe(node, "/api/ready")).status, { timeout: 5_000 })
        .toBe(200);
      console.info(`ready again ${Date.now() - returnedAt} ms after Redis returned`);
    });
  });
});
