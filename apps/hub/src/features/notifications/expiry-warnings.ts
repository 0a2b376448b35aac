import { expiryWarningAt } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { Logger } from "../../kernel/ports";
import type { InquiryEvent, InquiryEventBus } from "../inquiries/ports";

/** Hears each pending inquiry that has a fifth of its time left (see `startExpiryWarnings`). */
export type ExpiryWarningListener = (inquiry: Inquiry) => void;

/** This node's expiry warnings: the socket fan-out and the push notifier listen to them. */
export interface ExpiryWarnings {
  /** Returns the unsubscribe function. */
  onWarning(listener: ExpiryWarningListener): () => void;
  /** Clears every armed timer and stops listening to the bus. Idempotent. */
  stop(): void;
}

/**
 * Warns once a pending inquiry reaches a fifth of its time left (`expiryWarningAt`): one
 * timer per inquiry, armed on `inquiry.created`, re-armed for the new deadline on
 * `inquiry.extended`, cleared on `inquiry.resolved`, on firing and on `stop`, so there are
 * never more timers than pending inquiries this node heard of. A deadline whose warning
 * time has already passed (an Extend late in the inquiry's life) warns at once.
 *
 * Every node hears every bus event, so every node arms the same timers and warns its own
 * listeners; what must happen once across nodes (the push) claims it. When a timer fires the
 * inquiry is read again (`current`) and the warning dropped unless it is still pending with
 * the same `expiresAt`, so a resolution or an Extend this node missed (a bus interruption)
 * never produces a stale warning.
 *
 * Not re-armed after a restart: a node started while inquiries are pending warns only about
 * those it hears created or extended from then on, so its sockets miss the event of the
 * others, and so does the push when no other node that heard them is running (a single
 * node). Their cards still show the warning themselves from `createdAt`.
 */
export function startExpiryWarnings(deps: {
  bus: InquiryEventBus;
  /** The stored inquiry, or undefined when it is gone or cannot be read. */
  current: (inquiry: Inquiry) => Promise<Inquiry | undefined>;
  logger: Logger;
  /** Epoch ms; Date.now by default. */
  now?: () => number;
}): ExpiryWarnings {
  const now = deps.now ?? Date.now;
  const listeners = new Set<ExpiryWarningListener>();
  const armed = new Map<string, { expiresAt: string; timer: NodeJS.Timeout }>();

  function disarm(inquiryId: string): void {
    clearTimeout(armed.get(inquiryId)?.timer);
    armed.delete(inquiryId);
  }

  async function fire(armedFor: Inquiry): Promise<void> {
    const inquiry = await deps.current(armedFor);
    if (inquiry?.status !== "pending" || inquiry.expiresAt !== armedFor.expiresAt) return;
    for (const listener of listeners) listener(inquiry);
  }

  function arm(inquiry: Inquiry): void {
    if (inquiry.status !== "pending") return;
    const earlier = armed.get(inquiry.id);
    // Bus events of one inquiry may arrive out of order; only a later deadline re-arms.
    if (earlier !== undefined && earlier.expiresAt >= inquiry.expiresAt) return;
    disarm(inquiry.id);
    const timer = setTimeout(
      () => {
        armed.delete(inquiry.id);
        fire(inquiry).catch((error: unknown) =>
          deps.logger.error({ err: error, inquiryId: inquiry.id }, "expiry warning failed"),
        );
      },
      Math.max(0, expiryWarningAt(inquiry) - now()),
    );
    timer.unref();
    armed.set(inquiry.id, { expiresAt: inquiry.expiresAt, timer });
  }

  function onEvent(event: InquiryEvent): void {
    switch (event.type) {
      case "inquiry.created":
      case "inquiry.extended":
        arm(event.inquiry);
        return;
      case "inquiry.resolved":
        disarm(event.inquiry.id);
        return;
      case "inquiry.agent-waiting":
        return;
    }
  }

  const stopEvents = deps.bus.subscribe(onEvent);
  return {
    onWarning(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopEvents();
      for (const inquiryId of [...armed.keys()]) disarm(inquiryId);
      listeners.clear();
    },
  };
}
