import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestLogin } from "../helpers";
import { startTestNode } from "../support/cluster";
import type { TestNode } from "../support/cluster";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets } from "../socket-helpers";
import { trackCards } from "./support/device-cards";
import type { DeviceCards } from "./support/device-cards";
import { startPausableProxy } from "./support/pausable-proxy";
import type { PausableProxy } from "./support/pausable-proxy";
import { UNLIMITED } from "./support/two-nodes";
import { SIZES, budgetMs, report } from "./scale";

const INQUIRIES = 30;
const HEALED_WITHIN_MS = 5_000;

/**
 * Node B reaches Redis through a relay that is cut for the outage; meanwhile node A resolves
 * half of the pending inquiries and opens new ones, events node B's subscription never hears.
 * Within 5 s of healing, every device on B shows exactly the store's pending list.
 */
describe("pub/sub connection dropped", () => {
  let redis: TestRedisServer;
  let relay: PausableProxy;
  let a: TestNode;
  let b: TestNode;
  let sockets: DeviceSockets;

  beforeAll(async () => {
    redis = await startRedisServer();
    relay = await startPausableProxy(redis.port);
    const keyPrefix = `outage-${randomUUID()}:`;
    const leaseSeconds = Math.max(3, (SIZES.pubSubOutageMs / 1000) * 2);
    const config = { heartbeatSeconds: 30, rateLimits: UNLIMITED };
    a = await startTestNode({ redisUrl: redis.url, keyPrefix, leaseSeconds }, config);
    b = await startTestNode({ redisUrl: relay.url, keyPrefix, leaseSeconds }, config);
    sockets = createDeviceSockets(b.url);
  });
  afterAll(async () => {
    sockets.closeAll();
    await Promise.allSettled([a.close(), b.close()]);
    await relay.close();
    await redis.stop();
  });

  it(
    `after a ${SIZES.pubSubOutageMs / 1000} s outage no device on the cut node keeps a stale card`,
    async () => {
      const owner: TestLogin = await a.registerUser("outage");
      const logins = [owner, await a.login(owner.username, "tablet")];
      const cards: DeviceCards[] = [];
      for (const login of logins) {
        const device = await sockets.connect({ token: login.token });
        cards.push(trackCards(device.socket));
      }
      const opened = await Promise.all(
        Array.from({ length: INQUIRIES }, (_, index) =>
          a.hub.inquiries.create(owner.userId, { question: `before ${index}` }),
        ),
      );
      await expect.poll(() => cards.every((each) => each.shown().length === INQUIRIES)).toBe(true);

      relay.cut();
      const outageEnds = Date.now() + SIZES.pubSubOutageMs;
      for (const inquiry of opened.slice(0, INQUIRIES / 2))
        await a.hub.inquiries.cancel(inquiry.id);
      for (let index = 0; index < 5; index += 1)
        await a.hub.inquiries.create(owner.userId, { question: `during ${index}` });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
      relay.heal();
      const healedAt = Date.now();

      const expected = (await a.hub.inquiries.list(owner.userId, "pending"))
        .map((inquiry) => inquiry.id)
        .sort();
      await expect
        .poll(() => cards.map((each) => each.shown()), { timeout: HEALED_WITHIN_MS, interval: 50 })
        .toEqual(cards.map(() => expected));
      const catchUpMs = Date.now() - healedAt;
      report(
        `pub/sub outage ${SIZES.pubSubOutageMs / 1000} s, ${INQUIRIES / 2} resolved + 5 opened during it, ` +
          `${cards.length} devices matched the store ${catchUpMs} ms after healing, 0 stale cards`,
      );
    },
    budgetMs(30_000, 90_000),
  );
});
