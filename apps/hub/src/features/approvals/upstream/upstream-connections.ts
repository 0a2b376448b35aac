import type { Client } from "@modelcontextprotocol/client";
import { HubError } from "../../../kernel/errors";
import { unlistedPolicyTools } from "../approval-policy";
import type { UpstreamConfig } from "../proxy-policy";
import type { Logger } from "../../../kernel/ports";
import { listUpstreamTools } from "./tool-catalog";
import { connectUpstream, isConnectionClosed } from "./upstream-connection";
import { DEFAULT_MAX_RESULT_BYTES } from "./result-cap";

/** Opens upstream connections within each upstream's limits. */
export interface UpstreamConnections {
  /**
   * Opens a connection for one proxy session of `userId`. Throws HubError RATE_LIMITED (429)
   * when the user holds `maxConnectionsPerUser` of this upstream's connections, UNAVAILABLE
   * (503) when the upstream's `maxConnections` are all open, UPSTREAM (502) when it cannot
   * be reached. The slot is freed when the client closes.
   */
  open(name: string, upstream: UpstreamConfig, userId: string): Promise<Client>;
  /** Open connections of an upstream, in total and of one user (for tests and metrics). */
  count(name: string, userId?: string): number;
}

/**
 * Creates the hub's upstream connector. One connection per proxy session, never shared: the
 * MCP client API does not say which request an upstream's elicitation belongs to, so on a
 * connection shared between sessions (even of one user) an elicitation could reach another
 * session's call, YOLO override and run, and on one shared between users another person. A
 * connection also carries session state (subscriptions, log level, a stdio process). What
 * bounds the cost instead is a cap per upstream and per user, taken before connecting so
 * parallel initializes cannot overshoot it.
 *
 * The first connection to each upstream also checks the policy against the upstream's tool
 * list and warns about policies naming tools it does not list (connections are opened on
 * the first agent session, so that is when the hub can first know). `logger` receives those
 * warnings. `defaultMaxResultBytes` caps responses of upstreams without `max_result_bytes`.
 */
export function createUpstreamConnections(
  logger: Logger,
  defaultMaxResultBytes: number = DEFAULT_MAX_RESULT_BYTES,
): UpstreamConnections {
  const open = new Map<string, Map<string, number>>();
  const checked = new Set<string>();

  function countOf(name: string, userId?: string): number {
    const users = open.get(name);
    if (users === undefined) return 0;
    if (userId !== undefined) return users.get(userId) ?? 0;
    return [...users.values()].reduce((sum, each) => sum + each, 0);
  }

  function take(name: string, upstream: UpstreamConfig, userId: string): () => void {
    if (countOf(name, userId) >= upstream.maxConnectionsPerUser)
      throw new HubError(
        "RATE_LIMITED",
        `you already have ${upstream.maxConnectionsPerUser} sessions open on upstream "${name}"; close one (DELETE the session) or wait for an idle one to expire`,
      );
    if (countOf(name) >= upstream.maxConnections)
      throw new HubError(
        "UNAVAILABLE",
        `upstream "${name}" has all ${upstream.maxConnections} of its connections in use; try again later`,
      );
    const users = open.get(name) ?? new Map<string, number>();
    open.set(name, users);
    users.set(userId, (users.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (users.get(userId) ?? 1) - 1;
      if (left > 0) users.set(userId, left);
      else users.delete(userId);
    };
  }

  async function checkPolicy(name: string, upstream: UpstreamConfig, client: Client) {
    if (checked.has(name) || client.getServerCapabilities()?.tools === undefined) return;
    checked.add(name);
    try {
      const tools = await listUpstreamTools(client, { timeout: upstream.timeoutMs });
      const names = tools.map((tool) => tool.name);
      for (const message of unlistedPolicyTools(name, upstream, names))
        logger.warn({ upstream: name }, message);
    } catch (error) {
      checked.delete(name);
      // A 2026-07-28 request's connection closes with its request: the next connection checks.
      if (isConnectionClosed(error)) return;
      logger.warn(
        { err: error, upstream: name },
        "approval proxy: could not check an upstream's policy against its tool list",
      );
    }
  }

  return {
    async open(name, upstream, userId) {
      const release = take(name, upstream, userId);
      try {
        const client = await connectUpstream(
          name,
          upstream.connection,
          upstream.timeoutMs,
          upstream.maxResultBytes ?? defaultMaxResultBytes,
          release,
        );
        void checkPolicy(name, upstream, client);
        return client;
      } catch (error) {
        release();
        throw error;
      }
    },
    count: countOf,
  };
}
