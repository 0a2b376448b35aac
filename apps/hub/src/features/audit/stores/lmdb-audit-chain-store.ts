import { AuditRecordSchema } from "../audit-record";
import type { AuditRecord } from "../audit-record";
import type { AuditChainStore } from "../ports";
import { keysUnder } from "../../../platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Chains kept across restarts: table `audit-records` under `[chain, seq]` (a chain is a key
 * range in order), `audit-tails` chain → its tail, and the signing key in `audit-key`. The
 * tail check and the append are one write transaction.
 */
export function createLmdbAuditChainStore(db: EmbeddedDatabase): AuditChainStore {
  const records = db.table<AuditRecord>("audit-records");
  const tails = db.table<{ seq: number; hash: string }>("audit-tails");
  const keys = db.table<string>("audit-key");
  return {
    append(record) {
      return records.transaction(() => {
        const tail = tails.get(record.chain);
        if ((tail?.seq ?? 0) !== record.seq - 1 || (tail?.hash ?? "") !== record.prevHash)
          return { appended: false, tail };
        records.putSync([record.chain, record.seq], { ...record });
        tails.putSync(record.chain, { seq: record.seq, hash: record.hash });
        return { appended: true };
      });
    },
    tail: (chain) => Promise.resolve(tails.get(chain)),
    list(chain, limit) {
      const range = records.getRange({ ...keysUnder([chain]), limit });
      return Promise.resolve([...range].map(({ value }) => AuditRecordSchema.parse(value)));
    },
    signingKey(candidate) {
      return keys.transaction(() => {
        const stored = keys.get("signing-key");
        if (stored !== undefined) return stored;
        keys.putSync("signing-key", candidate);
        return candidate;
      });
    },
  };
}
