import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys } from "@inquiry-hub/test-kit";
import type { PushSubscriptionStore } from "../../src/features/notifications/ports";
import { createMemoryPushSubscriptionStore } from "../../src/features/notifications/stores/memory-push-subscription-store";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub } from "../helpers";
import { agentAsks, settle } from "./agent-asks";
import { startTripwire } from "./tripwire";
import type { Tripwire } from "./tripwire";

/**
 * Finding 3: a push subscription names the URL the hub POSTs to, so without a guard any
 * user could point the hub at its own network (and read the 404/410 deletion as an oracle).
 */
describe("red team: push endpoints as server-side request forgery", () => {
  let hub: TestHub;
  let store: PushSubscriptionStore;
  let tripwire: Tripwire;

  beforeAll(async () => {
    store = createMemoryPushSubscriptionStore();
    hub = await startTestHub({}, { channelStores: { pushSubscriptions: store } });
    tripwire = await startTripwire();
  });
  afterAll(async () => {
    await hub.close();
    await tripwire.close();
  });

  it("finding 3: loopback, private, metadata and IPv4-embedding endpoints are refused at subscribe and never contacted", async () => {
    const victim = await hub.registerUser("push-ssrf", "Phone");
    const port = tripwire.port;
    const endpoints = [
      `http://127.0.0.1:${port}/push`,
      `https://127.0.0.1:${port}/push`,
      `https://localhost:${port}/push`,
      `https://[::1]:${port}/push`,
      `https://[::ffff:127.0.0.1]:${port}/push`,
      `https://[64:ff9b::7f00:1]:${port}/push`,
      `https://[2002:7f00:1::]:${port}/push`,
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.1/push",
    ];
    const keys = createFakeBrowserKeys().keys;
    for (const endpoint of endpoints) {
      const response = await hub.request("/api/push/subscriptions", {
        token: victim.token,
        body: { endpoint, keys },
      });
      expect(response.status, endpoint).toBe(400);
      const { error } = ApiErrorBodySchema.parse(await response.json());
      expect(error.message, endpoint).toMatch(/https|private/);
    }
    expect(await store.listByDevices([victim.deviceId])).toEqual([]);

    const question = await agentAsks(hub, victim, { prompt: "Anyone listening?" });
    await settle();
    await question.reject();
    await settle();
    expect(tripwire.connections()).toBe(0);
  });

  it("finding 3: a stored endpoint that now points inward is refused at send, never contacted, and forgotten", async () => {
    const victim = await hub.registerUser("push-rebind", "Phone");
    // What DNS rebinding or a switched-off opt-in leaves behind: an endpoint accepted once
    // that now reaches this machine. Staging real rebinding needs a DNS server; the send-time
    // check is the same either way, since it judges the address actually connected to.
    for (const endpoint of [
      `https://localhost:${tripwire.port}/push`,
      `http://127.0.0.1:${tripwire.port}/push`,
    ])
      expect(
        await store.put({
          endpoint,
          keys: createFakeBrowserKeys().keys,
          deviceId: victim.deviceId,
          userId: victim.userId,
          createdAt: new Date().toISOString(),
        }),
      ).toBe("saved");

    const question = await agentAsks(hub, victim, { prompt: "Still listening?" });
    await waitFor(async () =>
      (await store.listByDevices([victim.deviceId])).length === 0 ? true : undefined,
    );
    await question.reject();
    await settle();
    expect(tripwire.connections()).toBe(0);
  });
});

describe("red team: push redirects (with HUB_PUSH_ALLOW_PRIVATE, as tests run)", () => {
  let hub: TestHub;
  let tripwire: Tripwire;
  let redirector: Server;
  let redirects = 0;

  beforeAll(async () => {
    hub = await startTestHub({ pushAllowPrivate: true });
    tripwire = await startTripwire();
    redirector = createServer((req, res) => {
      req.resume();
      redirects += 1;
      res.writeHead(req.method === "POST" ? 307 : 302, {
        location: `http://127.0.0.1:${tripwire.port}/internal`,
      });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await hub.close();
    await tripwire.close();
    redirector.closeAllConnections();
    await new Promise((resolve) => redirector.close(resolve));
  });

  it("finding 3: the hub does not follow a push service's redirect into the network", async () => {
    const victim = await hub.registerUser("push-redirect", "Phone");
    const { port } = redirector.address() as AddressInfo;
    const endpoint = `http://127.0.0.1:${port}/push`;
    const subscribed = await hub.request("/api/push/subscriptions", {
      token: victim.token,
      body: { endpoint, keys: createFakeBrowserKeys().keys },
    });
    expect(subscribed.status).toBe(201);

    const question = await agentAsks(hub, victim, { prompt: "Where do you go?" });
    await waitFor(() => Promise.resolve(redirects >= 1 ? true : undefined));
    await question.reject();
    await settle();
    expect(tripwire.connections()).toBe(0);
    const removal = await hub.request("/api/push/subscriptions", {
      method: "DELETE",
      token: victim.token,
      body: { endpoint },
    });
    expect(removal.status).toBe(204);
  });
});
