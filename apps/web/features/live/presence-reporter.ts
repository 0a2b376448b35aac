import type { PresenceReport } from "@inquiry-hub/protocol";
import type { HubSocket } from "./connect-hub-socket";

/** Fewest milliseconds between two reports; the hub drops faster ones anyway. */
export const PRESENCE_REPORT_INTERVAL_MS = 1_000;

export interface PresenceReporter {
  /** Report `state` now, or as soon as the interval allows (only the latest state is sent). */
  report(state: PresenceReport): void;
  /** Forget any report still waiting for the interval. */
  dispose(): void;
}

/**
 * Sends this tab's presence over `socketOf()` at most once per interval. A change inside the
 * interval is not lost: the latest state goes out when the interval ends, so the hub always
 * ends up with how the tab is now (a blur right after a focus must not leave it "here").
 */
export function createPresenceReporter(
  socketOf: () => HubSocket | undefined,
  now: () => number = Date.now,
): PresenceReporter {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let waiting: PresenceReport | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function send(state: PresenceReport): void {
    const socket = socketOf();
    if (socket === undefined || !socket.connected) return;
    lastSentAt = now();
    socket.emit("presence:report", state, () => {
      // Nothing to do with the ack: a dropped report is followed by the next change anyway.
    });
  }

  return {
    report(state) {
      const wait = lastSentAt + PRESENCE_REPORT_INTERVAL_MS - now();
      if (wait <= 0 && timer === undefined) {
        send(state);
        return;
      }
      waiting = state;
      timer ??= setTimeout(
        () => {
          timer = undefined;
          const latest = waiting;
          waiting = undefined;
          if (latest !== undefined) send(latest);
        },
        Math.max(0, wait),
      );
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      waiting = undefined;
    },
  };
}

/** How this tab is now: shown on screen, and holding the keyboard focus. */
export function currentPresence(): PresenceReport {
  return { visible: document.visibilityState === "visible", focused: document.hasFocus() };
}
