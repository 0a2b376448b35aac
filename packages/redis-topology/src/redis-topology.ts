import { z } from "zod";

/** One `host:port` seed of REDIS_CLUSTER_NODES or REDIS_SENTINELS. */
export interface RedisEndpoint {
  host: string;
  port: number;
}

/**
 * Which Redis a service runs on, as the environment names it. Exactly one kind is configured:
 * - `single`: one Redis (REDIS_URL), credentials and TLS (`rediss://`) inside the URL;
 * - `sentinel`: a master/replica group whose current master the sentinels name
 *   (REDIS_SENTINELS + REDIS_SENTINEL_NAME); a failover moves every connection to the new master;
 * - `cluster`: Redis Cluster (REDIS_CLUSTER_NODES, any few nodes as seeds; the rest is discovered).
 *
 * Sentinel and Cluster take REDIS_PASSWORD (the data nodes' `requirepass`/ACL default user)
 * and REDIS_TLS=1 (TLS to every node) since they have no URL to carry them.
 */
export type RedisTopology =
  | { kind: "single"; url: string }
  | {
      kind: "sentinel";
      sentinels: RedisEndpoint[];
      /** The master group name the sentinels monitor (`sentinel monitor <name> …`). */
      name: string;
      password?: string | undefined;
      tls: boolean;
    }
  | { kind: "cluster"; nodes: RedisEndpoint[]; password?: string | undefined; tls: boolean };

const HOST_PORT = /^(?<host>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):(?<port>\d{1,5})$/;

/** Parses `host:port,host:port`, naming the variable and the bad entry in the error. */
function endpointList(variable: string) {
  return z.string().transform((list, context): RedisEndpoint[] => {
    const endpoints: RedisEndpoint[] = [];
    for (const entry of list.split(",").map((item) => item.trim())) {
      const match = HOST_PORT.exec(entry);
      const port = Number(match?.groups?.port);
      if (match?.groups?.host === undefined || port < 1 || port > 65_535) {
        context.addIssue({ code: "custom", message: `${variable}: "${entry}" is not host:port` });
        return z.NEVER;
      }
      endpoints.push({ host: match.groups.host.replace(/^\[|\]$/g, ""), port });
    }
    return endpoints;
  });
}

/** Empty strings count as unset, as a `.env` file with `REDIS_URL=` means. */
const unsetIfEmpty = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const TopologyEnvSchema = z.object({
  REDIS_URL: unsetIfEmpty(
    z.string().regex(/^rediss?:\/\/\S+$/, "REDIS_URL: must be a redis:// or rediss:// URL"),
  ),
  REDIS_CLUSTER_NODES: unsetIfEmpty(endpointList("REDIS_CLUSTER_NODES")),
  REDIS_SENTINELS: unsetIfEmpty(endpointList("REDIS_SENTINELS")),
  REDIS_SENTINEL_NAME: unsetIfEmpty(
    z.string().regex(/^[\w.-]+$/, "REDIS_SENTINEL_NAME: letters, digits, '.', '_' and '-' only"),
  ),
  REDIS_PASSWORD: unsetIfEmpty(z.string()),
  REDIS_TLS: unsetIfEmpty(z.enum(["0", "1"], { error: "REDIS_TLS: must be 0 or 1" })),
});

/** Thrown for a bad Redis configuration; the message names the variable. */
export class RedisTopologyError extends Error {
  override readonly name = "RedisTopologyError";
}

/**
 * Reads the Redis variables of `env`: the topology, or `undefined` when none is set (the
 * service then keeps its embedded stores). Throws RedisTopologyError naming the problem, e.g.
 * `set only one of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS`, so start-up stops
 * instead of silently picking one.
 *
 * @example parseRedisTopology({ REDIS_SENTINELS: "10.0.0.1:26379,10.0.0.2:26379", REDIS_SENTINEL_NAME: "hub" })
 */
export function parseRedisTopology(
  env: Readonly<Record<string, string | undefined>>,
): RedisTopology | undefined {
  const parsed = TopologyEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new RedisTopologyError(parsed.error.issues.map((issue) => issue.message).join("; "));
  const vars = parsed.data;
  const chosen = [vars.REDIS_URL, vars.REDIS_CLUSTER_NODES, vars.REDIS_SENTINELS].filter(
    (value) => value !== undefined,
  );
  if (chosen.length > 1)
    throw new RedisTopologyError("set only one of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS");
  if (vars.REDIS_SENTINEL_NAME !== undefined && vars.REDIS_SENTINELS === undefined)
    throw new RedisTopologyError("REDIS_SENTINEL_NAME is only used with REDIS_SENTINELS");
  const tls = vars.REDIS_TLS === "1";
  if (vars.REDIS_URL !== undefined) {
    if (vars.REDIS_PASSWORD !== undefined || vars.REDIS_TLS !== undefined)
      throw new RedisTopologyError(
        "REDIS_PASSWORD and REDIS_TLS are for REDIS_CLUSTER_NODES and REDIS_SENTINELS; with REDIS_URL put them in the URL (rediss://:password@host:port)",
      );
    return { kind: "single", url: vars.REDIS_URL };
  }
  if (vars.REDIS_CLUSTER_NODES !== undefined)
    return { kind: "cluster", nodes: vars.REDIS_CLUSTER_NODES, password: vars.REDIS_PASSWORD, tls };
  if (vars.REDIS_SENTINELS !== undefined) {
    if (vars.REDIS_SENTINEL_NAME === undefined)
      throw new RedisTopologyError("REDIS_SENTINEL_NAME is required with REDIS_SENTINELS");
    return {
      kind: "sentinel",
      sentinels: vars.REDIS_SENTINELS,
      name: vars.REDIS_SENTINEL_NAME,
      password: vars.REDIS_PASSWORD,
      tls,
    };
  }
  if (vars.REDIS_PASSWORD !== undefined || vars.REDIS_TLS !== undefined)
    throw new RedisTopologyError(
      "REDIS_PASSWORD and REDIS_TLS need REDIS_CLUSTER_NODES or REDIS_SENTINELS",
    );
  return undefined;
}

/** Where the topology points, for log lines; never includes a password. */
export function describeRedisTopology(topology: RedisTopology): string {
  switch (topology.kind) {
    case "single": {
      const url = new URL(topology.url);
      return `${url.protocol}//${url.host}${url.pathname}`;
    }
    case "sentinel":
      return `sentinel ${topology.name} via ${topology.sentinels.map((node) => `${node.host}:${node.port}`).join(",")}`;
    case "cluster":
      return `cluster via ${topology.nodes.map((node) => `${node.host}:${node.port}`).join(",")}`;
  }
}

/**
 * The topology of options that take either a plain `url` (one Redis, as tests and older
 * callers pass it) or a `topology`; exactly one must be given.
 */
export function topologyFrom(options: { url?: string; topology?: RedisTopology }): RedisTopology {
  if (options.url !== undefined && options.topology === undefined)
    return { kind: "single", url: options.url };
  if (options.url === undefined && options.topology !== undefined) return options.topology;
  throw new RedisTopologyError("give exactly one of url and topology");
}
