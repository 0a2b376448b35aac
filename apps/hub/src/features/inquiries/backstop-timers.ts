/** One timer per inquiry id; the hub's own deadline, kept out of the service for clarity. */
export interface BackstopTimers {
  /** Runs `fire` after `delayMs` (at once if negative); errors are reported, never thrown. */
  schedule(id: string, delayMs: number, fire: () => Promise<unknown>): void;
  clear(id: string): void;
  /** Whether a timer is set for `id` (this node holds the inquiry's call). */
  has(id: string): boolean;
  clearAll(): void;
}

/**
 * Creates the timer table. Timers are unref'd so a pending backstop never keeps a finished
 * process alive; `onError` receives failures of `fire` with the id they were for.
 */
export function createBackstopTimers(
  onError: (error: unknown, id: string) => void,
): BackstopTimers {
  const timers = new Map<string, NodeJS.Timeout>();

  function clear(id: string): void {
    clearTimeout(timers.get(id));
    timers.delete(id);
  }

  return {
    schedule(id, delayMs, fire) {
      clear(id);
      const timer = setTimeout(
        () => {
          timers.delete(id);
          fire().catch((error: unknown) => onError(error, id));
        },
        Math.max(0, delayMs),
      );
      timer.unref();
      timers.set(id, timer);
    },
    clear,
    has: (id) => timers.has(id),
    clearAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
