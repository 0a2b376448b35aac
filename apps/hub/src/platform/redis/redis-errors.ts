import { HubError } from "../../kernel/errors";

/**
 * Error replies that mean "Redis cannot serve right now" rather than "this command is wrong":
 * still loading its data set, stuck in a long script, a read-only replica, out of memory, or
 * (Redis Cluster) a slot that moved or has no master during a failover.
 */
const UNAVAILABLE_REPLY =
  /^(LOADING|BUSY|READONLY|MASTERDOWN|TRYAGAIN|NOREPLICAS|OOM|MOVED|ASK|CLUSTERDOWN)\b/;

function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name !== "ReplyError") return true;
  return UNAVAILABLE_REPLY.test(error.message);
}

/**
 * Runs one Redis call and turns "Redis is unreachable" (connection closed, offline, command
 * timed out, or one of the replies above) into HubError UNAVAILABLE, which every transport
 * maps to 503. Other error replies stay as they are (a bug: INTERNAL via toHubError).
 *
 * @param action what the caller was doing, for the message, e.g. "resolve inquiry".
 */
export async function callRedis<T>(action: string, command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    throw new HubError("UNAVAILABLE", `${action} failed: the inquiry store is unavailable`, {
      cause: error,
    });
  }
}
