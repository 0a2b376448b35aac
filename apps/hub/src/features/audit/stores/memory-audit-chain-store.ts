import type { AuditRecord } from "../audit-record";
import type { AuditChainStore } from "../ports";

/** Chains in this process's memory: for tests and a throwaway node; gone with the process. */
export function createMemoryAuditChainStore(): AuditChainStore {
  const chains = new Map<string, AuditRecord[]>();
  let key: string | undefined;
  const tailOf = (chain: string) => {
    const last = chains.get(chain)?.at(-1);
    return last === undefined ? undefined : { seq: last.seq, hash: last.hash };
  };
  return {
    append(record) {
      const tail = tailOf(record.chain);
      if ((tail?.seq ?? 0) !== record.seq - 1 || (tail?.hash ?? "") !== record.prevHash)
        return Promise.resolve({ appended: false, tail });
      chains.set(record.chain, [...(chains.get(record.chain) ?? []), structuredClone(record)]);
      return Promise.resolve({ appended: true });
    },
    tail: (chain) => Promise.resolve(tailOf(chain)),
    list: (chain, limit) =>
      Promise.resolve(structuredClone((chains.get(chain) ?? []).slice(0, limit))),
    signingKey(candidate) {
      key ??= candidate;
      return Promise.resolve(key);
    },
  };
}
