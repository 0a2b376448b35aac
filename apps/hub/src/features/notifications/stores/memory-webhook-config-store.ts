import type { WebhookConfig } from "@inquiry-hub/protocol";
import type { WebhookConfigStore } from "../ports";

/** Webhook configurations of a single-node hub. */
export function createMemoryWebhookConfigStore(): WebhookConfigStore {
  const byUser = new Map<string, WebhookConfig>();

  return {
    get(userId) {
      const config = byUser.get(userId);
      return Promise.resolve(config === undefined ? undefined : { ...config });
    },

    put(userId, config) {
      byUser.set(userId, { ...config });
      return Promise.resolve();
    },

    remove(userId) {
      return Promise.resolve(byUser.delete(userId));
    },
  };
}
