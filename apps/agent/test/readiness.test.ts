import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "@inquiry-hub/logging";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { createAgentServer } from "../src/app";
import type { AgentServer } from "../src/app";
import { createRedisRunStore } from "../src/stores/redis/redis-run-store";
import type { RunStore } from "../src/runs/ports";
import { listenAgent } from "./support/run-sse";

async function probe(url: URL): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL("/ready", url));
  const body: unknown = await response.json();
  return { status: response.status, body };
}

/** An agent whose runs live in a real redis-server that is stopped and started again. */
describe("GET /ready of an agent on Redis", () => {
  let redis: TestRedisServer;
  let store: RunStore;
  let server: AgentServer;
  let url: URL;

  beforeAll(async () => {
    redis = await startRedisServer();
    store = createRedisRunStore({ url: redis.url, ttlMs: 60_000, logger: silentLogger() });
    server = createAgentServer({
      hubMcpUrl: "http://127.0.0.1:1/mcp",
      demoToolsMcpUrl: "http://127.0.0.1:1/proxy/demo/mcp",
      mcpTimeoutSeconds: 150,
      maxSteps: 8,
      runStore: store,
    });
    url = await listenAgent(server);
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await redis?.stop();
  });

  it("is not ready (503, a reason) while Redis is down, and ready again once it returns", async () => {
    await expect.poll(async () => (await probe(url)).status).toBe(200);
    expect((await probe(url)).body).toEqual({ ready: true });

    await redis.stop();
    await expect.poll(async () => (await probe(url)).status).toBe(503);
    expect((await probe(url)).body).toMatchObject({ ready: false, reason: /redis/ });
    expect((await fetch(new URL("/health", url))).status).toBe(200);

    await redis.start();
    await expect.poll(async () => (await probe(url)).status, { timeout: 5_000 }).toBe(200);
  });
});
