import type { PushSubscriptionStore, StoredPushSubscription } from "../ports";

/** Push subscriptions of a single-node hub, keyed by endpoint, each kept by its user. */
export function createMemoryPushSubscriptionStore(): PushSubscriptionStore {
  const byEndpoint = new Map<string, StoredPushSubscription>();

  return {
    put(subscription) {
      const existing = byEndpoint.get(subscription.endpoint);
      if (existing !== undefined && existing.userId !== subscription.userId)
        return Promise.resolve("taken" as const);
      byEndpoint.set(subscription.endpoint, structuredClone(subscription));
      return Promise.resolve("saved" as const);
    },

    remove(deviceId, endpoint) {
      const existing = byEndpoint.get(endpoint);
      if (existing?.deviceId !== deviceId) return Promise.resolve(false);
      byEndpoint.delete(endpoint);
      return Promise.resolve(true);
    },

    removeEndpoint(endpoint) {
      byEndpoint.delete(endpoint);
      return Promise.resolve();
    },

    listByDevices(deviceIds) {
      const wanted = new Set(deviceIds);
      return Promise.resolve(
        structuredClone([...byEndpoint.values()].filter((each) => wanted.has(each.deviceId))),
      );
    },
  };
}
