import { createHash } from "node:crypto";
import type { PushSubscriptionStore, StoredPushSubscription } from "../ports";
import { keysUnder } from "../../../platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Endpoints are long URLs and LMDB keys are limited (about 2 kB); their hash keeps keys short
 * whatever a push service hands out.
 */
const endpointHash = (endpoint: string) =>
  createHash("sha256").update(endpoint).digest("base64url");

/**
 * Push subscriptions kept across restarts, so a phone keeps getting pushes after the hub
 * restarts. Tables: `push` (endpoint hash → subscription) and `push-by-device` (`[deviceId,
 * endpoint hash]` → hash). The owner check and the write of both tables happen in one write
 * transaction, so a browser re-subscribing as another device never stays listed under two
 * devices, and nobody can take over another user's endpoint between the check and the write.
 */
export function createLmdbPushSubscriptionStore(db: EmbeddedDatabase): PushSubscriptionStore {
  const subscriptions = db.table<StoredPushSubscription>("push");
  const hashesByDevice = db.table<string>("push-by-device");

  /** Removes the endpoint if `owner` (a device id, or any when undefined) holds it. */
  function remove(endpoint: string, owner: string | undefined): Promise<boolean> {
    const hash = endpointHash(endpoint);
    return subscriptions.transaction(() => {
      const existing = subscriptions.get(hash);
      if (existing === undefined || (owner !== undefined && existing.deviceId !== owner))
        return false;
      subscriptions.removeSync(hash);
      hashesByDevice.removeSync([existing.deviceId, hash]);
      return true;
    });
  }

  return {
    put(subscription) {
      const hash = endpointHash(subscription.endpoint);
      return subscriptions.transaction(() => {
        const existing = subscriptions.get(hash);
        if (existing !== undefined && existing.userId !== subscription.userId)
          return "taken" as const;
        if (existing !== undefined) hashesByDevice.removeSync([existing.deviceId, hash]);
        subscriptions.putSync(hash, structuredClone(subscription));
        hashesByDevice.putSync([subscription.deviceId, hash], hash);
        return "saved" as const;
      });
    },

    remove: (deviceId, endpoint) => remove(endpoint, deviceId),

    async removeEndpoint(endpoint) {
      await remove(endpoint, undefined);
    },

    listByDevices(deviceIds) {
      const found = [...new Set(deviceIds)].flatMap((deviceId) =>
        [...hashesByDevice.getRange(keysUnder([deviceId]))].flatMap(
          ({ value }) => subscriptions.get(value) ?? [],
        ),
      );
      return Promise.resolve(found);
    },
  };
}
