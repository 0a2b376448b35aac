import type { Inquiry } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { InquiryMetrics } from "./inquiry-metrics";
import type { InquiryStore } from "./ports";

/** One local `waitForResolution` call. */
interface Waiter {
  settle(inquiry: Inquiry): void;
  fail(error: Error): void;
}

/** The calls of this node waiting for inquiries to become final. */
export interface InquiryWaiters {
  /** Settles every local wait for `inquiry` if it is final; safe to call more than once. */
  settle: (inquiry: Inquiry) => void;
  /** Settles with the final record once the inquiry leaves `pending`. */
  wait: (id: string) => Promise<Inquiry>;
  /** Re-reads every waited inquiry: settles the final ones, fails those the store lost. */
  recheck: () => Promise<void>;
}

/** The waits of one service; `metrics` counts each final record seen. */
export function createInquiryWaiters(deps: {
  store: Pick<InquiryStore, "get">;
  metrics: Pick<InquiryMetrics, "seenFinal">;
}): InquiryWaiters {
  const waiters = new Map<string, Set<Waiter>>();

  function settle(inquiry: Inquiry): void {
    if (inquiry.status === "pending") return;
    deps.metrics.seenFinal(inquiry);
    const waiting = waiters.get(inquiry.id);
    waiters.delete(inquiry.id);
    for (const waiter of waiting ?? []) waiter.settle(inquiry);
  }

  /** Fails the local waits for an inquiry the store no longer has (e.g. Redis lost its data). */
  function failGone(id: string): void {
    const waiting = waiters.get(id);
    waiters.delete(id);
    const error = new HubError("NOT_FOUND", `inquiry ${id} no longer exists in the store`);
    for (const waiter of waiting ?? []) waiter.fail(error);
  }

  return {
    settle,

    wait(id) {
      return new Promise<Inquiry>((settleWait, fail) => {
        const waiting = waiters.get(id) ?? new Set();
        const waiter: Waiter = { settle: settleWait, fail };
        waiting.add(waiter);
        waiters.set(id, waiting);
        const abandon = (error: Error): void => {
          waiting.delete(waiter);
          if (waiting.size === 0 && waiters.get(id) === waiting) waiters.delete(id);
          fail(error);
        };
        deps.store.get(id).then(
          (current) => {
            if (current === undefined)
              abandon(new HubError("NOT_FOUND", `inquiry ${id} not found`));
            else settle(current);
          },
          (error: unknown) => abandon(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },

    async recheck() {
      await Promise.all(
        [...waiters.keys()].map(async (id) => {
          const current = await deps.store.get(id);
          if (current === undefined) failGone(id);
          else settle(current);
        }),
      );
    },
  };
}
