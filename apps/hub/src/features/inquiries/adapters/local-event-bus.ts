import type { InquiryEvent, InquiryEventBus } from "../ports";
import type { Logger } from "../../../kernel/ports";

/**
 * The single-process event bus. Listeners run synchronously in subscription order; one
 * throwing listener is reported and does not stop the others or the publisher.
 */
export function createLocalEventBus(logger: Logger): InquiryEventBus {
  const onListenerError = (error: unknown): void =>
    logger.error({ err: error }, "inquiry event listener failed");
  const listeners = new Set<(event: InquiryEvent) => void>();

  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
      return Promise.resolve();
    },
    subscribe(listener) {
      const entry = (event: InquiryEvent): void => listener(event);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}
