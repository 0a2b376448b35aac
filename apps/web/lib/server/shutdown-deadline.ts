import "server-only";

/**
 * How long the web drains in-flight requests once asked to stop. Next.js closes its server on
 * SIGTERM/SIGINT and waits for every open request with no deadline, so a browser holding a
 * stream open (a run's events relayed from the agent, say) kept the web from ever exiting and
 * a restart of the product stalled behind it. The hub allows itself the same kind of bound.
 */
export const SHUTDOWN_DEADLINE_MS = 5_000;

/** Exit codes a shell reports for a process ended by these signals (128 + signal number). */
const EXIT_CODES = { SIGTERM: 143, SIGINT: 130 } as const;

/**
 * Ends the process `deadlineMs` after the first SIGTERM or SIGINT if Next.js has not ended it
 * by then. Next's own handler still runs first and does the graceful part; this only bounds it.
 */
export function boundShutdown(
  target: Pick<NodeJS.Process, "once" | "exit"> = process,
  deadlineMs: number = SHUTDOWN_DEADLINE_MS,
): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    target.once(signal, () => {
      setTimeout(() => target.exit(EXIT_CODES[signal]), deadlineMs).unref();
    });
  }
}
