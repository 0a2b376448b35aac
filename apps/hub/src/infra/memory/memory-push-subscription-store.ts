import type { PushSubscriptionStore, StoredPushSubscription } from "../../core/push-ports";

/** Push subscriptions of a single-node hub, keyed by endpoint. */
export function createMemoryPushSubscriptionStore(): PushSubscriptionStore {
  const byEndpoint = new Map<string, StoredPushSubscription>();

  return {
    put(subscription) {
      byEndpoint.set(subscription.endpoint, structuredClone(subscription));
      return Promise.resolve();
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
