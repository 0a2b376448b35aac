import type { ChildProcess } from "node:child_process";
import { once } from "node:events";

/** How long a child gets to exit on SIGTERM before it is killed. */
const STOP_GRACE_MS = 5_000;

/**
 * SIGTERM, then SIGKILL after a grace period; resolves once the child has exited. A service
 * under test gets the chance to shut down cleanly, and a hung one never stalls the run.
 */
export async function stopChild(child: ChildProcess, graceMs = STOP_GRACE_MS): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const forced = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(forced);
}
