import type { AuditRecord } from "./audit-record";

/** The last record of a chain: what the next one must link to. */
export interface ChainTail {
  seq: number;
  hash: string;
}

/** What a compare-and-append did: appended, or refused with the tail that is there now. */
export type AppendResult = { appended: true } | { appended: false; tail: ChainTail | undefined };

/**
 * Append-only chains of audit records. `append` is a compare-and-append that the adapter
 * must make atomic across every node sharing the store: it stores `record` only when the
 * chain's tail is still `record.seq - 1` with hash `record.prevHash` (an empty chain for seq
 * 1), so two nodes appending at once never fork a chain; the loser gets the new tail and
 * builds its record again. Records are never changed or removed.
 */
export interface AuditChainStore {
  append(record: AuditRecord): Promise<AppendResult>;
  /** The chain's tail, or undefined while it is empty. */
  tail(chain: string): Promise<ChainTail | undefined>;
  /** The chain's first `limit` records, oldest first. */
  list(chain: string, limit: number): Promise<AuditRecord[]>;
  /**
   * The hub's signing key (PKCS#8 PEM): `candidate` stored when there is none yet (Redis: SET
   * NX), else the one stored first, so every node signs with the same key.
   */
  signingKey(candidate: string): Promise<string>;
}
