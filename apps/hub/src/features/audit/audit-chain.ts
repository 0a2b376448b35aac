import type { AuditEvent, AuditRecord, UnsealedAuditRecord } from "./audit-record";
import { recordHash } from "./audit-record";
import type { AuditChainStore, ChainTail } from "./ports";
import type { AuditSigner } from "./signing-key";

/** How often one append is tried again after other nodes moved the tail. */
const MAX_ATTEMPTS = 50;

/** A few random milliseconds, more with each lost race, so racing nodes stop colliding. */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 + attempt * 2, 40)));

/** Appends events to chains; the one way records are written. */
export interface AuditChain {
  /**
   * Seals `event` as the next record of `chain` and stores it; resolves with that record.
   * A promised event takes its place in the chain's queue when `append` is called.
   */
  append(chain: string, event: AuditEvent | Promise<AuditEvent>): Promise<AuditRecord>;
}

/**
 * The chain appender of one node. It remembers each chain's tail it last wrote or was told
 * of, so the usual append is a single compare-and-append with no read before it; when
 * another node appended meanwhile, the store answers with the new tail and the record is
 * built again on it. Appends of one chain on this node run one after another, so they do
 * not race each other.
 */
export function createAuditChain(store: AuditChainStore, signer: AuditSigner): AuditChain {
  const tails = new Map<string, ChainTail | undefined>();
  const queues = new Map<string, Promise<unknown>>();

  function seal(chain: string, event: AuditEvent, tail: ChainTail | undefined): AuditRecord {
    const unsealed: UnsealedAuditRecord = {
      ...event,
      chain,
      seq: (tail?.seq ?? 0) + 1,
      prevHash: tail?.hash ?? "",
    };
    const hash = recordHash(unsealed);
    return { ...unsealed, hash, signature: signer.sign(hash) };
  }

  async function appendNow(
    chain: string,
    promised: AuditEvent | Promise<AuditEvent>,
  ): Promise<AuditRecord> {
    const event = await promised;
    let tail = tails.has(chain) ? tails.get(chain) : await store.tail(chain);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const record = seal(chain, event, tail);
      const result = await store.append(record);
      if (result.appended) {
        tails.set(chain, { seq: record.seq, hash: record.hash });
        return record;
      }
      tail = result.tail;
      await backOff(attempt);
    }
    tails.delete(chain);
    throw new Error(`audit chain ${chain}: the tail kept moving, ${String(MAX_ATTEMPTS)} attempts`);
  }

  return {
    append(chain, event) {
      const previous = queues.get(chain) ?? Promise.resolve();
      const next = previous.then(
        () => appendNow(chain, event),
        () => appendNow(chain, event),
      );
      const settled = next.catch(() => undefined);
      queues.set(chain, settled);
      void settled.then(() => {
        if (queues.get(chain) === settled) queues.delete(chain);
      });
      return next;
    },
  };
}
