import { z } from "zod";

/**
 * What `npm run start:cluster` runs:
 * - `two-nodes` (no flag): one redis-server, two hub nodes, no load balancer;
 * - `haproxy` (`--haproxy`): one redis-server, three hub nodes behind HAProxy;
 * - `redis-cluster` (`--redis-cluster`): a 3-master/3-replica Redis Cluster, three hub nodes
 *   behind HAProxy.
 */
export type ClusterMode = "two-nodes" | "haproxy" | "redis-cluster";

const FLAGS: Record<string, ClusterMode> = {
  "--haproxy": "haproxy",
  "--redis-cluster": "redis-cluster",
};

const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback);

const PortsSchema = z.object({
  CLUSTER_REDIS_PORT: port(6380),
  /** First of six consecutive ports; each node's cluster bus is its port + 10000. */
  CLUSTER_REDIS_CLUSTER_PORT: port(7000).refine((first) => first + 5 + 10_000 <= 65_535, {
    message: "leaves no room for six nodes and their bus ports (port + 10000)",
  }),
  CLUSTER_HAPROXY_PORT: port(8080),
  HUB_TIMEOUT_GRACE_SECONDS: z.coerce.number().positive().default(10),
});

export interface ClusterSettings {
  mode: ClusterMode;
  redisPort: number;
  redisClusterFirstPort: number;
  haproxyPort: number;
  /** The hubs' backstop grace, so HAProxy's timeouts sit above the longest hold. */
  timeoutGraceSeconds: number;
}

/** Reads the flags and ports; throws naming an unknown flag or a bad variable. */
export function readClusterSettings(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): ClusterSettings {
  const modes = argv.map((flag) => {
    const mode = FLAGS[flag];
    if (mode === undefined)
      throw new Error(`start:cluster: unknown flag ${flag} (use --haproxy or --redis-cluster)`);
    return mode;
  });
  if (new Set(modes).size > 1)
    throw new Error("start:cluster: --haproxy and --redis-cluster exclude each other");
  const parsed = PortsSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `start:cluster: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  return {
    mode: modes[0] ?? "two-nodes",
    redisPort: parsed.data.CLUSTER_REDIS_PORT,
    redisClusterFirstPort: parsed.data.CLUSTER_REDIS_CLUSTER_PORT,
    haproxyPort: parsed.data.CLUSTER_HAPROXY_PORT,
    timeoutGraceSeconds: parsed.data.HUB_TIMEOUT_GRACE_SECONDS,
  };
}
