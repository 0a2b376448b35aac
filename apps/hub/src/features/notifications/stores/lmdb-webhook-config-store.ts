import type { WebhookConfig } from "@inquiry-hub/protocol";
import type { WebhookConfigStore } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Webhook configurations kept across restarts (table `webhooks`, user id → configuration).
 * `remove` reads and removes in one write transaction, since LMDB's plain remove does not
 * tell whether there was anything to remove.
 */
export function createLmdbWebhookConfigStore(db: EmbeddedDatabase): WebhookConfigStore {
  const configs = db.table<WebhookConfig>("webhooks");

  return {
    get(userId) {
      return Promise.resolve(configs.get(userId));
    },

    async put(userId, config) {
      await configs.put(userId, { ...config });
    },

    remove(userId) {
      return configs.transaction(() => configs.removeSync(userId));
    },
  };
}
