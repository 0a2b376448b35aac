import type { OneTimeSecretStore } from "../../kernel/ports";
import type { EmbeddedDatabase } from "./embedded-database";
import { createExpiryIndex } from "./lmdb-expiry-index";

interface StoredSecret<Value> {
  value: Value;
  expiresAtMs: number;
}

/**
 * Single-use secrets (pairing codes, socket tickets, team invitations, decision-link nonces)
 * kept across restarts, so a pairing code shown before a restart still pairs after it.
 * Table `secrets` holds `[kind, secretHash]` → value and deadline; `take` reads and removes in
 * one write transaction, so of two racing takes exactly one gets the value. The deadline is
 * checked against `now` at `take`; expired secrets are also swept (bounded) by a `put`, at most
 * once a second, through `secrets-expiry`, so abandoned codes do not pile up on disk.
 *
 * @param kind keeps the secret kinds apart ("pairing", "ticket", …); one kind's hash never
 *   takes another kind's secret.
 */
export function createLmdbOneTimeSecretStore<Value>(
  db: EmbeddedDatabase,
  kind: string,
): OneTimeSecretStore<Value> {
  const secrets = db.table<StoredSecret<Value>>("secrets");
  const expiries = createExpiryIndex(db.table<string>("secrets-expiry"), kind);

  return {
    async put(secretHash, value, expiresAt) {
      const expiresAtMs = expiresAt.getTime();
      await secrets.transaction(() => {
        expiries.sweep(Date.now(), (hash) => secrets.removeSync([kind, hash]));
        const former = secrets.get([kind, secretHash]);
        secrets.putSync([kind, secretHash], { value, expiresAtMs });
        expiries.schedule(secretHash, expiresAtMs, former?.expiresAtMs);
      });
    },

    take(secretHash, now) {
      return secrets.transaction(() => {
        const stored = secrets.get([kind, secretHash]);
        if (stored === undefined) return undefined;
        secrets.removeSync([kind, secretHash]);
        expiries.unschedule(secretHash, stored.expiresAtMs);
        return stored.expiresAtMs <= now.getTime() ? undefined : stored.value;
      });
    },

    peek(secretHash, now) {
      const stored = secrets.get([kind, secretHash]);
      return Promise.resolve(
        stored === undefined || stored.expiresAtMs <= now.getTime() ? undefined : stored.value,
      );
    },
  };
}
