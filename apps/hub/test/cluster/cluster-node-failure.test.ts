import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { useDoomedNode } from "../support/cluster-suite";

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
  const setup = useDoomedNode({ name: "kill", leaseSeconds: LEASE_SECONDS });
  let client: Client | undefined;
  afterAll(async () => {
    await client?.close();
  });

  it("withdraws all of its pending inquiries as cancelled on every device within the lease", async () => {
    // One credential holds every call: its caps fit them all, the per-user ones sit above.
    const { survivor: nodeB, sockets } = setup;
    const nodeA = await setup.spawnDoomed({
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
