import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { IdempotencyIndex, IdempotencyScope } from "./ports";

/** A delivery mark outlives its confirm window by this much: its holder always settles first. */
const MARK_GRACE_MS = 5_000;
/** How often a call waiting out another call's delivery re-reads its mark. */
const MARK_POLL_MS = 50;
/**
 * How long a repeat waits, by default, for another call's delivery of its answer to settle. A
 * client that gave up on a call sends its cancel before it repeats the call, so a cancel still
 * missing this long after the repeat arrived was never sent: the answer reached its caller,
 * and the repeat is a new question, which must not wait out the whole confirm window.
 */
const CANCEL_BEHIND_REPEAT_MS = 250;
/**
 * How many deliveries in a row a repeat waits out before it gives up: each one lost means the
 * taker's client gave up too, so a repeat still finding a mark after this many is racing
 * calls of its own credential, not a slow client.
 */
const MAX_WAITED_DELIVERIES = 3;

/**
 * A final answer (or what a gated call produced) handed to one call under a repeat key,
 * not yet known to have reached the caller.
 */
export interface Delivery {
  /** How long to listen for the call's cancel before counting the answer as arrived. */
  confirmWindowMs: number;
  /**
   * Ends the delivery. `lost` (the caller gave up on the call: its cancel came, or its
   * carrier closed, before or just after the answer was sent) keeps the answer for the next
   * repeat of the call; otherwise the key is freed, so the same call afterwards asks anew.
   */
  settle(lost: boolean): Promise<void>;
}

/**
 * What an answer kept under a repeat key (repeat-key.ts) goes through before the key is
 * freed. A client's request timeout and the person's answer can cross: the hub returns the
 * answer in the very moment the client gives up, and only the cancel the client sends with
 * its timeout, arriving after the result, tells the hub the answer never arrived. So an
 * answer handed to a call is in delivery for a short confirm window: a mark beside the key
 * (`delivery <key> <inquiryId>`, claimed in the index, so of racing calls one holds it) that
 * the call settles once it knows. The mark names the answer, not only the key: a newer
 * question asked under the same key while an older answer's window runs gets its own mark.
 */
export interface KeptDeliveries {
  /**
   * For the call that held on the question while it was answered: marks the answer `key`
   * names (`inquiryId`) as in delivery to this call. Never waits: when another call holding
   * on it is delivering it too (each got the answer), this call's delivery only frees the key
   * once it arrived, and one lost leaves the key to the other. Undefined once the key no
   * longer names `inquiryId`.
   */
  beginDelivery(
    scope: IdempotencyScope,
    key: string,
    inquiryId: string,
  ): Promise<Delivery | undefined>;
  /**
   * For a repeat that found the answer kept: waits briefly for another call's delivery of it
   * to settle, then marks it in delivery to this call. Undefined once the answer went to
   * another call and the key was freed (or names a newer question), or when that delivery
   * heard no cancel within the wait (it arrived, and the key is freed now): ask anew.
   */
  takeKept(scope: IdempotencyScope, key: string, inquiryId: string): Promise<Delivery | undefined>;
  /**
   * For the hub shutting down: waits for the settles already writing, and turns every later
   * one (a confirm window ending after the shutdown) into nothing, as if the node had died:
   * its mark expires and leaves the answer kept. The store may be closed once this resolves.
   */
  close(): Promise<void>;
}

/** The index key of the mark on `inquiryId`'s delivery; no caller's key has a space. */
const markKeyOf = (key: string, inquiryId: string): string => `delivery ${key} ${inquiryId}`;

/**
 * Builds the deliveries on the idempotency index's own atomic claim and release, so they
 * hold across nodes on every store. A mark expires `MARK_GRACE_MS` after its window, so a
 * node that dies mid-delivery leaves the answer kept for the repeat, never lost.
 */
export function createKeptDeliveries(
  index: IdempotencyIndex,
  options: {
    confirmWindowMs: number;
    /** The wait for a cancel behind a repeat; the stores' contract tests give it room. */
    cancelBehindRepeatMs?: number;
    /**
     * Where the marks are claimed, when not in `index` beside the keys: a single node's
     * marks need not outlive it (one lost with the node must leave the answer kept anyway).
     */
    marks?: IdempotencyIndex;
  },
): KeptDeliveries {
  const marks = options.marks ?? index;
  const markTtlMs = options.confirmWindowMs + MARK_GRACE_MS;
  const cancelBehindRepeatMs = options.cancelBehindRepeatMs ?? CANCEL_BEHIND_REPEAT_MS;
  let closed = false;
  const settling = new Set<Promise<void>>();

  /** Runs a settle's writes unless the hub is shutting down, and keeps it until it ends. */
  function tracked(writes: () => Promise<void>): Promise<void> {
    if (closed) return Promise.resolve();
    const running = writes().finally(() => settling.delete(running));
    settling.add(running);
    return running;
  }

  async function mark(
    scope: IdempotencyScope,
    key: string,
    inquiryId: string,
  ): Promise<Delivery | "busy" | "gone"> {
    const markKey = markKeyOf(key, inquiryId);
    const token = randomUUID();
    if ((await marks.claim(scope, markKey, token, markTtlMs)) !== token) return "busy";
    if ((await index.read(scope, key))?.inquiryId !== inquiryId) {
      await marks.release(scope, markKey, token);
      return "gone";
    }
    return {
      confirmWindowMs: options.confirmWindowMs,
      settle: (lost) =>
        tracked(async () => {
          if (!lost) await index.release(scope, key, inquiryId);
          await marks.release(scope, markKey, token);
        }),
    };
  }

  /** Whether the mark on `inquiryId`'s delivery is gone within `waitMs`. */
  async function markCleared(
    scope: IdempotencyScope,
    key: string,
    inquiryId: string,
    waitMs: number,
  ): Promise<boolean> {
    const markKey = markKeyOf(key, inquiryId);
    for (let waited = 0; waited < waitMs; waited += MARK_POLL_MS) {
      if ((await marks.read(scope, markKey)) === undefined) return true;
      await sleep(MARK_POLL_MS);
    }
    return (await marks.read(scope, markKey)) === undefined;
  }

  return {
    async beginDelivery(scope, key, inquiryId) {
      const marked = await mark(scope, key, inquiryId);
      if (marked === "gone") return undefined;
      if (marked !== "busy") return marked;
      return {
        confirmWindowMs: options.confirmWindowMs,
        settle: (lost) =>
          tracked(async () => {
            if (!lost) await index.release(scope, key, inquiryId);
          }),
      };
    },
    async takeKept(scope, key, inquiryId) {
      for (let waited = 0; waited <= MAX_WAITED_DELIVERIES; waited += 1) {
        const marked = await mark(scope, key, inquiryId);
        if (marked === "gone") return undefined;
        if (marked !== "busy") return marked;
        if (!(await markCleared(scope, key, inquiryId, cancelBehindRepeatMs))) {
          // Arrived: free the key now (the delivering call's own settle then finds it gone).
          await index.release(scope, key, inquiryId);
          return undefined;
        }
      }
      return undefined;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...settling]);
    },
  };
}
