import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DELIVERY_LOG_LIMIT_PER_USER } from "../../src/features/history/ports";
import { createMemoryDeliveryClaims } from "../../src/features/notifications/stores/memory-delivery-claims";
import { createMemoryDeliveryLog } from "../../src/features/history/stores/memory-delivery-log";
import { createMemoryOneTimeSecretStore } from "../../src/platform/memory/memory-one-time-secret-store";
import { createMemoryPushSubscriptionStore } from "../../src/features/notifications/stores/memory-push-subscription-store";
import { createMemoryWebhookConfigStore } from "../../src/features/notifications/stores/memory-webhook-config-store";
import type { EmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { createLmdbDeliveryClaims } from "../../src/features/notifications/stores/lmdb-delivery-claims";
import { createLmdbDeliveryLog } from "../../src/features/history/stores/lmdb-delivery-log";
import { createLmdbOneTimeSecretStore } from "../../src/platform/lmdb/lmdb-one-time-secret-store";
import { createLmdbPushSubscriptionStore } from "../../src/features/notifications/stores/lmdb-push-subscription-store";
import { createLmdbWebhookConfigStore } from "../../src/features/notifications/stores/lmdb-webhook-config-store";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import {
  subscription,
  attempt,
  describeChannelContract,
} from "../support/contracts/channel-stores";
import type { ChannelStores } from "../support/contracts/channel-stores";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeChannelContract("memory", () => ({
  pushSubscriptions: createMemoryPushSubscriptionStore(),
  webhookConfigs: createMemoryWebhookConfigStore(),
  webhookNonces: createMemoryOneTimeSecretStore(),
  deliveryLog: createMemoryDeliveryLog(),
  deliveryClaims: createMemoryDeliveryClaims(),
}));

describe("Redis channel stores", () => {
  const infra = useSuiteRedisInfra("channels");

  describeChannelContract("redis", () => infra().channelStores);
});

function openEmbeddedChannelStores(db: EmbeddedDatabase): ChannelStores {
  return {
    pushSubscriptions: createLmdbPushSubscriptionStore(db),
    webhookConfigs: createLmdbWebhookConfigStore(db),
    webhookNonces: createLmdbOneTimeSecretStore(db, "webhook-link"),
    deliveryLog: createLmdbDeliveryLog(db),
    deliveryClaims: createLmdbDeliveryClaims(db),
  };
}

describe("embedded channel stores", () => {
  const suite = useSuiteEmbeddedDatabase("channels");

  describeChannelContract("embedded", () => openEmbeddedChannelStores(suite().db));

  it("keeps a user's delivery log to its bound, newest first", async () => {
    const log = createLmdbDeliveryLog(suite().db);
    const [userId, inquiryId] = [randomUUID(), randomUUID()];
    const total = DELIVERY_LOG_LIMIT_PER_USER + 5;
    const numbers = Array.from({ length: total }, (_, index) => index + 1);
    await Promise.all(numbers.map((number) => log.append(userId, attempt(inquiryId, number))));
    const kept = await log.recent(userId, total);
    expect(kept).toHaveLength(DELIVERY_LOG_LIMIT_PER_USER);
    expect(kept[0]?.attempt).toBe(total);
    expect(kept.at(-1)?.attempt).toBe(6);
  });
});

describe("embedded channel stores across a restart", () => {
  const suite = useSuiteEmbeddedDatabase("channels-reopen");

  it("keeps subscriptions, webhooks, deliveries and claims, and no expired nonce", async () => {
    const before = openEmbeddedChannelStores(suite().db);
    const [phone, userId, inquiryId] = [randomUUID(), randomUUID(), randomUUID()];
    const pushed = subscription(phone, userId);
    const config = {
      url: "https://hooks.example.test/a",
      kind: "slack" as const,
      updatedAt: new Date().toISOString(),
    };
    const now = new Date();
    const nonce = { inquiryId, userId };
    await before.pushSubscriptions.put(pushed);
    await before.webhookConfigs.put(userId, config);
    await before.deliveryLog.append(userId, attempt(inquiryId, 1));
    await before.deliveryClaims.claimAnnouncement("push", inquiryId);
    await before.deliveryClaims.recordAnnouncement("push", inquiryId, "pushed");
    await before.webhookNonces.put("live", nonce, new Date(now.getTime() + 60_000));
    await before.webhookNonces.put("stale", nonce, new Date(now.getTime() + 1_000));

    const after = openEmbeddedChannelStores(await suite().reopen());
    expect(await after.pushSubscriptions.listByDevices([phone])).toEqual([pushed]);
    expect(await after.webhookConfigs.get(userId)).toEqual(config);
    expect((await after.deliveryLog.recent(userId, 5)).map((each) => each.attempt)).toEqual([1]);
    expect(await after.deliveryClaims.claimAnnouncement("push", inquiryId)).toBe(false);
    expect(await after.deliveryClaims.claimFollowUp("push", inquiryId, "resolved")).toBe("pushed");
    expect(
      await after.webhookNonces.take("stale", new Date(now.getTime() + 2_000)),
    ).toBeUndefined();
    expect(await after.webhookNonces.take("live", now)).toEqual(nonce);
  });

  it("keeps a delayed step armed across a restart until one claim takes it", async () => {
    const inquiryId = randomUUID();
    const before = openEmbeddedChannelStores(suite().db).deliveryClaims;
    expect(await before.armAnnouncement("push", inquiryId, 1234)).toEqual({
      dueAtMs: 1234,
      first: true,
    });
    const after = openEmbeddedChannelStores(await suite().reopen()).deliveryClaims;
    expect(await after.armedAnnouncement("push", inquiryId)).toBe(1234);
    expect(await after.armAnnouncement("push", inquiryId, 9999)).toEqual({
      dueAtMs: 1234,
      first: false,
    });
    expect(await after.claimAnnouncement("push", inquiryId)).toBe(true);
    const later = openEmbeddedChannelStores(await suite().reopen()).deliveryClaims;
    // Nothing to resume: a hub started now leaves the claimed step alone.
    expect(await later.armedAnnouncement("push", inquiryId)).toBeUndefined();
  });
});
