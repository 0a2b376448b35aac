import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnChildNode, startTestNode } from "../support/cluster";
import type { ChildNode, ClusterOptions, TestNode } from "../support/cluster";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets } from "../socket-helpers";
import { UNLIMITED } from "./support/two-nodes";
import { SIZES, budgetMs, report } from "./scale";

const LEASE_SECONDS = 3;
const CLIENTS = 10;

/**
 * A child-process node holding many send_inquiry calls is SIGKILLed (the existing 50-call
 * test scaled up): each caller ends exactly once (here: the connection error, since its
 * server is gone), every device on the surviving node withdraws every card, none stays pending.
 */
describe("SIGKILL of a node with many pending inquiries", () => {
  let redis: TestRedisServer;
  let cluster: ClusterOptions;
  let survivor: TestNode;
  let doomed: ChildNode | undefined;
  let sockets: DeviceSockets;
  const clients: Client[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    cluster = {
      redisUrl: redis.url,
      keyPrefix: `kill-${randomUUID()}:`,
      leaseSeconds: LEASE_SECONDS,
    };
    survivor = await startTestNode(cluster, { rateLimits: UNLIMITED });
    sockets = createDeviceSockets(survivor.url);
  });
  afterAll(async () => {
    sockets.closeAll();
    await Promise.allSettled(clients.map((client) => client.close()));
    await doomed?.kill();
    await survivor.close();
    await redis.stop();
  });

  it(
    `${SIZES.killedPending} held calls: one ending each, all withdrawn everywhere, none pending`,
    async () => {
      doomed = await spawnChildNode(cluster, {
        HUB_HEARTBEAT_SECONDS: "30",
        HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE: String(SIZES.killedPending * 2),
      });
      const owner = await survivor.registerUser("doomed", "desk");
      const phone = await survivor.login(owner.username, "phone");
      const devices = await Promise.all([
        sockets.connect({ token: owner.token }),
        sockets.connect({ token: phone.token }),
      ]);
      for (let index = 0; index < CLIENTS; index += 1) {
        const client = new Client({ name: "kill", version: "1.0.0" });
        await client.connect(
          new StreamableHTTPClientTransport(new URL("/mcp", doomed.url), {
            requestInit: { headers: { Authorization: `Bearer ${owner.token}` } },
          }),
        );
        clients.push(client);
      }
      const endings = Array.from({ length: SIZES.killedPending }, () => 0);
      const calls = endings.map((_, index) =>
        (clients[index % CLIENTS] as Client)
          .callTool({ name: "send_inquiry", arguments: { prompt: `Held ${index}?` } })
          .then(
            () => "result",
            () => "error",
          )
          .finally(() => (endings[index] = (endings[index] ?? 0) + 1)),
      );
      await expect
        .poll(() => devices.every((device) => device.created.length === SIZES.killedPending), {
          timeout: 60_000,
          interval: 100,
        })
        .toBe(true);

      await doomed.kill("SIGKILL");
      const killedAt = Date.now();
      await expect
        .poll(() => devices.every((device) => device.withdrawn.length >= SIZES.killedPending), {
          timeout: (LEASE_SECONDS * 2 + 10) * 1000,
          interval: 50,
        })
        .toBe(true);
      const withdrawnMs = Date.now() - killedAt;
      await Promise.all(clients.map((client) => client.close()));
      const outcomes = await Promise.all(calls);
      const pending = await survivor.hub.inquiries.list(owner.userId, "pending");
      report(
        `node kill ${SIZES.killedPending} pending on a SIGKILLed node: ` +
          `${outcomes.filter((outcome) => outcome === "error").length} clean errors, ` +
          `${outcomes.filter((outcome) => outcome === "result").length} results, ` +
          `${endings.filter((count) => count !== 1).length} callers ending ≠ once, ` +
          `withdrawn on ${devices.length} devices in ${withdrawnMs} ms, ${pending.length} left pending`,
      );
      expect(endings.every((count) => count === 1)).toBe(true);
      for (const device of devices) {
        expect(new Set(device.withdrawn.map((each) => each.inquiryId)).size).toBe(
          SIZES.killedPending,
        );
        expect(device.withdrawn.every((each) => each.status === "cancelled")).toBe(true);
      }
      expect(pending).toEqual([]);
    },
    budgetMs(60_000, 240_000),
  );
});
