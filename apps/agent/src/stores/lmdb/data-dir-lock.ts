import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file in the data folder that names the process using it. */
const LOCK_FILE = "agent.pid";

/** True when a process with this id exists (EPERM: it exists but belongs to someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes this process the only agent using `dir`. The embedded run store keeps `watch` and
 * cancel requests in-process, so a second agent on the same folder would share the runs but
 * never hear their events: that is a misconfiguration (several agents share Redis, not a
 * folder), refused here with an error naming the other process.
 *
 * A pid file rather than an OS lock, because Node has no `flock`: a file left by a process that
 * was killed (`kill -9`) names a dead pid, or our own pid in a restarted container, and is
 * taken over. Returns the function that removes the file.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const holder = readHolder(file);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `AGENT_DATA_DIR ${dir} is in use by the agent process ${holder}; ` +
        "run one agent per data folder (several agents share REDIS_URL), " +
        `or delete ${file} if that process is not an agent`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => {
    if (readHolder(file) === process.pid) rmSync(file, { force: true });
  };
}
