import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { spawnChildNode, startTestNode } from "../support/cluster";
import type { ChildNode, ClusterOptions, TestNode } from "../support/cluster";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets } from "../socket-helpers";

const HELD = 50;
const LEASE_SECONDS = 3;
/** The lease, one sweep (a third of the lease) and slack for a busy CI machine. */
const WITHDRAWN_WITHIN_MS = (LEASE_SECONDS + LEASE_SECONDS / 3 + 2) * 1000;

/**
 * Node A is a real child process holding 50 send_inquiry calls; it is SIGKILLed. Its holder
 * lease lapses, node B's reaper cancels the 50 through the compare-and-set, and every device
 * (all on node B) drops all 50 cards.
 */
describe("a node holding calls dies (SIGKILL)", () => {
  let redis: TestRedisServer;
  let cluster: ClusterOptions;
  let nodeB: TestNode;
  let nodeA: ChildNode | undefined;
  let sockets: DeviceSockets;
  let client: Client | undefined;

  beforeAll(async () => {
    redis = await startRedisServer();
    cluster = {
      redisUrl: redis.url,
      keyPrefix: `kill-${randomUUID()}:`,
      leaseSeconds: LEASE_SECONDS,
    };
    nodeB = await startTestNode(cluster);
    sockets = createDeviceSockets(nodeB.url);
  });
  afterAll(async () => {
    sockets.closeAll();
    await client?.close();
    await nodeA?.kill();
    await nodeB.close();
    await redis.stop();
  });

  it("withdraws all of its pending inquiries as cancelled on every device within the lease", async () => {
    // One credential holds every call: its caps fit them all, the per-user ones sit above.
    nodeA = await spawnChildNode(cluster, {
      HUB_HEARTBEAT_SECONDS: "1",
      HUB_PENDING_INQUIRIES_PER_CREDENTIAL: String(HELD),
      HUB_HELD_CALLS_PER_CREDENTIAL: String(HELD),
      HUB_HELD_CALLS_PER_USER: String(HELD + 1),
    });
    const owner = await nodeB.registerUser("killed", "desk");
    const phone = await nodeB.login(owner.username, "phone");
    const devices = await Promise.all([
      sockets.connect({ token: owner.token }),
      sockets.connect({ token: phone.token }),
    ]);

    client = new Client({ name: "kill-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", nodeA.url), {
        requestInit: { headers: { Authorization: `Bearer ${owner.token}` } },
      }),
    );
    const connected = client;
    const calls = Array.from({ length: HELD }, (_, index) =>
      connected.callTool({ name: "send_inquiry", arguments: { prompt: `Held ${index}?` } }).then(
        () => "returned",
        () => "connection lost",
      ),
    );
    await expect
      .poll(() => devices.every((device) => device.created.length === HELD), { timeout: 10_000 })
      .toBe(true);
    const heldIds = new Set(devices[0]?.created.map((inquiry) => inquiry.id));

    await nodeA.kill("SIGKILL");
    const killedAt = Date.now();
    await expect
      .poll(() => devices.every((device) => device.withdrawn.length >= HELD), {
        timeout: WITHDRAWN_WITHIN_MS,
        interval: 50,
      })
      .toBe(true);
    const elapsedMs = Date.now() - killedAt;
    console.info(`${HELD} inquiries of a killed node withdrawn on every device in ${elapsedMs} ms`);

    for (const device of devices) {
      expect(device.withdrawn).toHaveLength(HELD);
      expect(new Set(device.withdrawn.map((withdrawn) => withdrawn.inquiryId))).toEqual(heldIds);
      expect(device.withdrawn.every((withdrawn) => withdrawn.status === "cancelled")).toBe(true);
    }
    // The client's calls lost their server; closing the client settles every one of them.
    await connected.close();
    expect(await Promise.all(calls)).toEqual(Array<string>(HELD).fill("connection lost"));
    const pending = await nodeB.request("/api/inquiries?status=pending", { token: owner.token });
    expect(await pending.json()).toEqual([]);
  }, 40_000);
});
