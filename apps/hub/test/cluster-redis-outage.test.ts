import { randomUUID } from "node:crypto";
import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createProgressRecorder, resultText } from "./helpers";
import { startTestNode } from "./support/cluster";
import type { TestNode } from "./support/cluster";
import { startRedisServer } from "./support/redis-server";
import type { TestRedisServer } from "./support/redis-server";
import { answerOver, createDeviceSockets } from "./socket-helpers";
import type { DeviceSockets } from "./socket-helpers";

/** How soon after Redis is back a node must serve again. */
const RECOVERY_MS = 5_000;

/**
 * Redis goes away under two running nodes and comes back empty (the test server keeps no
 * data). While it is gone every transport fails clearly (HTTP 503, socket ack UNAVAILABLE,
 * MCP tool error) and nothing crashes; once it is back, both nodes serve and hear each other
 * again without a restart.
 */
describe("Redis restarted under two nodes", () => {
  let redis: TestRedisServer;
  let nodeA: TestNode;
  let nodeB: TestNode;
  const sockets: DeviceSockets[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    const cluster = { redisUrl: redis.url, keyPrefix: `outage-${randomUUID()}:`, leaseSeconds: 3 };
    nodeA = await startTestNode(cluster, { heartbeatSeconds: 30 });
    nodeB = await startTestNode(cluster, { heartbeatSeconds: 30 });
  });
  afterEach(() => {
    for (const factory of sockets.splice(0)) factory.closeAll();
  });
  afterAll(async () => {
    await Promise.all([nodeA.close(), nodeB.close()]);
    await redis.stop();
  });

  function devicesOn(node: TestNode): DeviceSockets {
    const factory = createDeviceSockets(node.url);
    sockets.push(factory);
    return factory;
  }

  it("answers 503 / UNAVAILABLE while Redis is down and serves across nodes once it returns", async () => {
    const owner = await nodeA.registerUser("outage", "desk");
    const phone = await nodeB.login(owner.username, "phone");
    const device = await devicesOn(nodeB).connect({ token: phone.token });
    const client = await nodeA.connectMcp(owner.token);

    await redis.stop();
    const listed = await nodeA.request("/api/inquiries", { token: owner.token });
    expect(listed.status).toBe(503);
    const { error } = ApiErrorBodySchema.parse(await listed.json());
    expect(error.code).toBe("UNAVAILABLE");
    expect(error.message).toMatch(/unavailable/);
    const login = await nodeB.request("/api/auth/login", {
      body: { username: owner.username, password: "correct horse battery" },
    });
    expect(login.status).toBe(503);
    expect(
      await answerOver(device.socket, { inquiryId: randomUUID(), response: "x" }),
    ).toMatchObject({ error: { code: "UNAVAILABLE" } });
    // Every MCP request is authenticated against Redis first, so the call fails at the HTTP
    // level (503 with the UNAVAILABLE body), which the SDK client reports as an error.
    await expect(
      client.callTool({ name: "send_inquiry", arguments: { prompt: "Anyone?" } }),
    ).rejects.toThrow(/UNAVAILABLE/);

    await redis.start();
    const returnedAt = Date.now();
    await expect
      .poll(
        () =>
          nodeA.registerUser("back").then(
            (login) => login,
            () => undefined,
          ),
        { timeout: RECOVERY_MS, interval: 100 },
      )
      .toBeDefined();
    const recoveredMs = Date.now() - returnedAt;
    console.info(`nodes served again ${recoveredMs} ms after Redis returned`);
    expect(recoveredMs).toBeLessThan(RECOVERY_MS);

    const back = await nodeA.registerUser("resumed", "desk");
    const backPhone = await nodeB.login(back.username, "phone");
    const backDevice = await devicesOn(nodeB).connect({ token: backPhone.token });
    const backClient = await nodeA.connectMcp(back.token);
    const progress = createProgressRecorder();
    const call = backClient.callTool(
      { name: "send_inquiry", arguments: { prompt: "Still there?" } },
      undefined,
      { onprogress: progress.onprogress },
    );
    const opened = await progress.next("INQUIRY");
    await expect.poll(() => backDevice.created.length).toBe(1);
    expect(
      await answerOver(backDevice.socket, { inquiryId: opened.inquiryId, response: "Yes" }),
    ).toMatchObject({ data: { status: "answered" } });
    expect(resultText(await call)).toBe("Yes");
    await expect.poll(() => backDevice.withdrawn.length).toBe(1);
  }, 30_000);
});
