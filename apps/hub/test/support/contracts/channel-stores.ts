import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { DeliveryAttempt } from "@inquiry-hub/protocol";
import type { DeliveryClaims } from "../../../src/features/notifications/ports";
import type { OneTimeSecretStore } from "../../../src/kernel/ports";
import type { DeliveryLog } from "../../../src/features/history/ports";
import type {
  PushSubscriptionStore,
  StoredPushSubscription,
} from "../../../src/features/notifications/ports";
import type { LinkNonce, WebhookConfigStore } from "../../../src/features/notifications/ports";

/** One implementation of every channel port. */
export interface ChannelStores {
  pushSubscriptions: PushSubscriptionStore;
  webhookConfigs: WebhookConfigStore;
  webhookNonces: OneTimeSecretStore<LinkNonce>;
  deliveryLog: DeliveryLog;
  deliveryClaims: DeliveryClaims;
}

export function subscription(deviceId: string, userId = "user-1"): StoredPushSubscription {
  return {
    endpoint: `https://push.example.test/${randomUUID()}`,
    keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) },
    deviceId,
    userId,
    createdAt: new Date().toISOString(),
  };
}

export function attempt(inquiryId: string, number: number): DeliveryAttempt {
  return {
    inquiryId,
    channel: "webhook",
    purpose: "created",
    attempt: number,
    ok: false,
    httpStatus: 500,
    error: "receiver answered 500",
    final: false,
    at: new Date().toISOString(),
  };
}

/** The channel ports' contract; the Redis versions must behave like the memory ones. */
export function describeChannelContract(name: string, open: () => ChannelStores): void {
  describe(`channel stores contract: ${name}`, () => {
    it("keeps push subscriptions by device and moves a re-subscribed endpoint", async () => {
      const { pushSubscriptions: store } = open();
      const [phone, laptop] = [randomUUID(), randomUUID()];
      const first = subscription(phone);
      const second = subscription(phone);
      expect(await store.put(first)).toBe("saved");
      expect(await store.put(second)).toBe("saved");
      expect(await store.listByDevices([phone])).toHaveLength(2);
      expect(await store.put({ ...first, deviceId: laptop })).toBe("saved");
      expect(await store.listByDevices([phone])).toEqual([second]);
      expect(await store.listByDevices([laptop])).toEqual([{ ...first, deviceId: laptop }]);

      expect(await store.remove(phone, first.endpoint)).toBe(false);
      expect(await store.remove(phone, second.endpoint)).toBe(true);
      await store.removeEndpoint(first.endpoint);
      expect(await store.listByDevices([phone, laptop])).toEqual([]);
    });

    it("keeps a subscription with the user who made it", async () => {
      const { pushSubscriptions: store } = open();
      const [mine, theirs] = [randomUUID(), randomUUID()];
      const owned = subscription(mine, "owner");
      await store.put(owned);
      const stolen = { ...subscription(theirs, "intruder"), endpoint: owned.endpoint };
      expect(await store.put(stolen)).toBe("taken");
      expect(await store.remove(theirs, owned.endpoint)).toBe(false);
      expect(await store.listByDevices([mine, theirs])).toEqual([owned]);
    });

    it("stores, replaces and removes a user's webhook configuration", async () => {
      const { webhookConfigs: store } = open();
      const userId = randomUUID();
      const config = {
        url: "https://hooks.example.test/a",
        kind: "slack" as const,
        updatedAt: new Date().toISOString(),
      };
      expect(await store.get(userId)).toBeUndefined();
      await store.put(userId, config);
      await store.put(userId, { ...config, kind: "discord" });
      expect(await store.get(userId)).toEqual({ ...config, kind: "discord" });
      expect(await store.remove(userId)).toBe(true);
      expect(await store.remove(userId)).toBe(false);
    });

    it("hands a link nonce out once", async () => {
      const { webhookNonces: nonces } = open();
      const now = new Date();
      const value = { inquiryId: randomUUID(), userId: "user-1" };
      await nonces.put("nonce", value, new Date(now.getTime() + 60_000));
      const takes = await Promise.all([1, 2, 3].map(() => nonces.take("nonce", now)));
      expect(takes.filter((each) => each !== undefined)).toEqual([value]);
    });

    it("lists a user's delivery attempts newest first, at most `limit`", async () => {
      const { deliveryLog: log } = open();
      const [userId, inquiryId] = [randomUUID(), randomUUID()];
      for (const number of [1, 2, 3]) await log.append(userId, attempt(inquiryId, number));
      expect((await log.recent(userId, 2)).map((each) => each.attempt)).toEqual([3, 2]);
      expect(await log.recent(userId, 0)).toEqual([]);
      expect(await log.recent(randomUUID(), 5)).toEqual([]);
    });

    it("lets exactly one caller announce and exactly one follow up", async () => {
      const { deliveryClaims: claims } = open();
      const id = randomUUID();
      const wins = await Promise.all([1, 2, 3].map(() => claims.claimAnnouncement("push", id)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await claims.claimAnnouncement("webhook", id)).toBe(true);
      expect(await claims.recordAnnouncement("push", id, "pushed")).toBeUndefined();
      const followUps = await Promise.all(
        [1, 2, 3].map(() => claims.claimFollowUp("push", id, "resolution")),
      );
      expect(followUps.filter((each) => each !== undefined)).toEqual(["pushed"]);
    });

    it("parks a resolution heard mid-announcement for the announcer", async () => {
      const { deliveryClaims: claims } = open();
      const id = randomUUID();
      expect(await claims.claimAnnouncement("webhook", id)).toBe(true);
      expect(await claims.claimFollowUp("webhook", id, "resolved")).toBeUndefined();
      expect(await claims.claimFollowUp("webhook", id, "resolved")).toBeUndefined();
      expect(await claims.recordAnnouncement("webhook", id, "posted")).toBe("resolved");
      expect(await claims.claimFollowUp("webhook", id, "resolved")).toBeUndefined();
    });

    it("sends the follow-up exactly once when the resolution races the announcement's record", async () => {
      const { deliveryClaims: claims } = open();
      const id = randomUUID();
      expect(await claims.claimAnnouncement("push", id)).toBe(true);
      const recording = claims.recordAnnouncement("push", id, "pushed");
      const followUp = await claims.claimFollowUp("push", id, "resolved");
      const parked = await recording;
      expect([followUp === "pushed", parked === "resolved"].filter(Boolean)).toHaveLength(1);
      expect(await claims.claimFollowUp("push", id, "resolved")).toBeUndefined();
    });

    it("has nothing to follow up when nothing was announced, and never announces late", async () => {
      const { deliveryClaims: claims } = open();
      const [quiet, late] = [randomUUID(), randomUUID()];
      expect(await claims.claimAnnouncement("push", quiet)).toBe(true);
      expect(await claims.recordAnnouncement("push", quiet, undefined)).toBeUndefined();
      expect(await claims.claimFollowUp("push", quiet, "resolved")).toBeUndefined();
      expect(await claims.claimFollowUp("push", late, "resolved")).toBeUndefined();
      expect(await claims.claimAnnouncement("push", late)).toBe(false);
    });

    it("arms a delayed step once: the first time holds, one caller claims it, then it is gone", async () => {
      const { deliveryClaims: claims } = open();
      const id = randomUUID();
      const arms = await Promise.all(
        [1000, 2000, 3000].map((dueAtMs) => claims.armAnnouncement("push", id, dueAtMs)),
      );
      expect(arms.filter((each) => each?.first)).toHaveLength(1);
      const agreed = arms.find((each) => each?.first)?.dueAtMs;
      expect(arms.map((each) => each?.dueAtMs)).toEqual([agreed, agreed, agreed]);
      expect(await claims.armedAnnouncement("push", id)).toBe(agreed);
      expect(await claims.armedAnnouncement("webhook", id)).toBeUndefined();
      const wins = await Promise.all([1, 2, 3].map(() => claims.claimAnnouncement("push", id)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect(await claims.armedAnnouncement("push", id)).toBeUndefined();
      expect(await claims.armAnnouncement("push", id, 4000)).toBeUndefined();
      expect(await claims.recordAnnouncement("push", id, undefined)).toBeUndefined();
      expect(await claims.claimAnnouncement("push", id)).toBe(false);
    });

    it("lets no one claim or re-arm a delayed step once its question is resolved", async () => {
      const { deliveryClaims: claims } = open();
      const id = randomUUID();
      expect(await claims.armAnnouncement("webhook", id, 1000)).toEqual({
        dueAtMs: 1000,
        first: true,
      });
      expect(await claims.claimFollowUp("webhook", id, "resolved")).toBeUndefined();
      expect(await claims.armedAnnouncement("webhook", id)).toBeUndefined();
      expect(await claims.armAnnouncement("webhook", id, 1000)).toBeUndefined();
      expect(await claims.claimAnnouncement("webhook", id)).toBe(false);
    });
  });
}
