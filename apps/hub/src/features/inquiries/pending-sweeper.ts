import type { PendingIndex } from "./ports";
import type { Logger } from "../../kernel/ports";
import { toHubError } from "../../kernel/errors";
import type { InquiryService } from "./inquiry-service";

/** Tunables of the sweeper, in milliseconds. */
export interface PendingSweeperOptions {
  /** Pause between passes; bounds how late a dead holder's inquiries are withdrawn. */
  intervalMs: number;
  /** An inquiry is overdue at expiresAt + this (the service's own backstop grace). */
  timeoutGraceMs: number;
  /** Most inquiries resolved per kind and pass, so one pass stays short (default 200). */
  batchSize?: number;
  now?: () => Date;
}

/** A running sweeper; `stop` waits for a pass in progress. */
export interface PendingSweeper {
  stop(): Promise<void>;
}

/**
 * The multi-node safety net, run on every node. Each pass:
 * 1. resolves `timeout` the pending inquiries past expiresAt + grace. The holder's own timer
 *    normally does this; the sweep covers a timer that failed (Redis down at that moment)
 *    or a holder that is gone. It scans the store, never keyspace notifications.
 * 2. resolves `cancelled` the inquiries of holders whose lease expired (crashed nodes).
 * 3. re-reads the inquiries this node waits for, in case a resolution event was missed.
 * Every resolution goes through the service's compare-and-set, so nodes sweeping at the same
 * time, or a sweep racing a person's answer, still yield exactly one outcome.
 */
export function startPendingSweeper(
  deps: { inquiries: InquiryService; index: PendingIndex; logger: Logger },
  options: PendingSweeperOptions,
): PendingSweeper {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 200;
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function pass(): Promise<void> {
    const overdue = await deps.index.overdue(
      new Date(now().getTime() - options.timeoutGraceMs),
      batchSize,
    );
    await Promise.allSettled(overdue.map((id) => deps.inquiries.expireIfDue(id)));
    const orphaned = await deps.index.orphaned(batchSize);
    await Promise.allSettled(orphaned.map((id) => deps.inquiries.cancel(id)));
    await deps.inquiries.recheckWaiting();
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().then(
        () => {
          if (failing) deps.logger.warn({}, "pending sweeper recovered");
          failing = false;
        },
        (error: unknown) => {
          if (!failing)
            deps.logger.warn(
              { reason: toHubError(error).message },
              "pending sweep failed; retrying",
            );
          failing = true;
        },
      );
      void running.then(schedule);
    }, options.intervalMs);
    timer.unref();
  }

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
