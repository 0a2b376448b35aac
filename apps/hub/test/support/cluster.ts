import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { HUB_LISTENING_LINE, startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import type { HubConfig, HubOverrides } from "../../src/index";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { startTestHub } from "../helpers";
import { hubBundle } from "./hub-bundle";
import type { TestHub } from "../helpers";

/** A hub node in this process, on Redis; `close` closes the hub, then its Redis connections. */
export interface TestNode extends TestHub {
  redis: RedisInfra;
}

/** What nodes of one test cluster share. */
export interface ClusterOptions {
  redisUrl: string;
  /** Separates test clusters sharing one redis-server. */
  keyPrefix: string;
  /** Short in tests, so dead-holder detection fits in a test run. */
  leaseSeconds: number;
}

/** Like ClusterOptions, for nodes on a Sentinel- or Cluster-backed Redis given by its topology. */
export type TopologyClusterOptions = Omit<ClusterOptions, "redisUrl"> & { topology: RedisTopology };

/**
 * Starts one hub node in this process, with every store on Redis: one redis-server by
 * `redisUrl`, or a Sentinel or Cluster deployment by `topology`. `deps` add to the stores
 * (e.g. tracing, an approval audit sink).
 */
export async function startTestNode(
  cluster: ClusterOptions | TopologyClusterOptions,
  overrides: Partial<HubConfig> = {},
  deps: HubOverrides = {},
): Promise<TestNode> {
  const redis = createRedisInfra({
    ...("topology" in cluster ? { topology: cluster.topology } : { url: cluster.redisUrl }),
    keyPrefix: cluster.keyPrefix,
    leaseSeconds: cluster.leaseSeconds,
    log: () => undefined,
  });
  await redis.ready();
  const testHub = await startTestHub(
    { nodeLeaseSeconds: cluster.leaseSeconds, ...overrides },
    { ...redis, cluster: redis, ...deps },
  );
  return {
    ...testHub,
    redis,
    async close() {
      await testHub.close();
      await redis.close();
    },
  };
}

/** Two in-process nodes on a private redis-server. */
export interface TestCluster {
  redis: TestRedisServer;
  nodeA: TestNode;
  nodeB: TestNode;
  /** Disconnects every device socket opened on either node, e.g. after each test. */
  closeDevices(): void;
  /** Closes both nodes, then stops Redis. */
  close(): Promise<void>;
}

/**
 * Starts a redis-server and two nodes on it, both with `overrides`; the key prefix is `name`
 * plus a random id.
 */
export async function startTestCluster(
  { name, leaseSeconds }: { name: string; leaseSeconds: number },
  overrides: Partial<HubConfig> = {},
): Promise<TestCluster> {
  const redis = await startRedisServer();
  const cluster = { redisUrl: redis.url, keyPrefix: `${name}-${randomUUID()}:`, leaseSeconds };
  const nodeA = await startTestNode(cluster, overrides);
  const nodeB = await startTestNode(cluster, overrides);
  return {
    redis,
    nodeA,
    nodeB,
    closeDevices() {
      nodeA.devices.closeAll();
      nodeB.devices.closeAll();
    },
    async close() {
      await Promise.all([nodeA.close(), nodeB.close()]);
      await redis.stop();
    },
  };
}

/** A hub node as a real child process (the bundled entry point, see hubBundle), for crash tests. */
export interface ChildNode {
  url: URL;
  process: ChildProcess;
  /** Kills with `signal` (default SIGKILL) and waits for the exit; safe to call twice. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const HUB_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const STARTUP_TIMEOUT_MS = 15_000;

/**
 * Spawns the hub's entry point with REDIS_URL and a free port, and resolves with its URL once
 * it logs that it listens. Node runs the bundle itself, so a signal reaches the hub, not a
 * wrapper. An exit hook kills it if the test process dies first.
 */
export async function spawnChildNode(
  cluster: ClusterOptions,
  env: Record<string, string> = {},
): Promise<ChildNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "cluster-child-data-"));
  const child = spawn(process.execPath, [await hubBundle()], {
    cwd: HUB_ROOT,
    env: {
      PATH: process.env.PATH,
      HUB_DATA_DIR: dataDir,
      HUB_PORT: "0",
      HUB_HOST: "127.0.0.1",
      REDIS_URL: cluster.redisUrl,
      HUB_REDIS_KEY_PREFIX: cluster.keyPrefix,
      HUB_NODE_LEASE_SECONDS: String(cluster.leaseSeconds),
      HUB_NODE_ID: "child",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const killOnExit = (): void => {
    child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`child hub did not start in time:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = HUB_LISTENING_LINE.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(new URL(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`child hub exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    async kill(signal = "SIGKILL") {
      process.off("exit", killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill(signal);
      await exited;
    },
  };
}
