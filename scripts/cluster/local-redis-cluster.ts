import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import type { Service } from "./service";

const run = promisify(execFile);
const NODES = 6;
const READY_TIMEOUT_MS = 30_000;
const POLL_MS = 250;

/** Ports of the six nodes: `firstPort` … `firstPort + 5`. */
export function redisClusterPorts(firstPort: number): number[] {
  return Array.from({ length: NODES }, (_, index) => firstPort + index);
}

/**
 * One `redis-server --cluster-enabled yes` per port, each with its own directory under
 * `<state>/redis-cluster/<port>` (`state` is the cluster's folder in the data directory) (append-only file and `nodes.conf`), so a restart rejoins the
 * cluster formed the first time instead of forming a new one.
 */
export function redisClusterServices(root: string, ports: readonly number[]): Service[] {
  return ports.map((port) => {
    const dir = `${root}/redis-cluster/${port}`;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return {
      name: `redis:${port}`,
      command: "redis-server",
      args: [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--cluster-enabled",
        "yes",
        "--cluster-config-file",
        "nodes.conf",
        "--cluster-node-timeout",
        "5000",
        "--appendonly",
        "yes",
        "--save",
        "",
      ],
    };
  });
}

async function clusterInfo(port: number): Promise<Map<string, string>> {
  const { stdout } = await run("redis-cli", ["-p", String(port), "cluster", "info"]);
  return new Map(
    stdout
      .split(/\r?\n/)
      .map((line) => line.split(":") as [string, string])
      .filter((pair) => pair.length === 2),
  );
}

async function waitFor(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await sleep(POLL_MS);
  }
  throw new Error(`redis cluster: ${what} within ${READY_TIMEOUT_MS / 1000} s`);
}

/**
 * Waits for the six nodes to answer, forms the cluster (3 masters, one replica each) if they
 * have never met, and resolves once every node reports `cluster_state:ok`. A half-formed
 * cluster (some nodes know others, the slots are not all served) is not repaired: the error
 * says to remove `<data dir>/cluster/redis-cluster` and start again.
 */
export async function ensureRedisClusterFormed(
  ports: readonly number[],
): Promise<"formed" | "reused"> {
  await waitFor("not every node answered PING", async () => {
    const replies = await Promise.all(
      ports.map((port) => run("redis-cli", ["-p", String(port), "ping"])),
    );
    return replies.every(({ stdout }) => stdout.trim() === "PONG");
  });
  const infos = await Promise.all(ports.map(clusterInfo));
  const fresh = infos.every((info) => info.get("cluster_known_nodes") === "1");
  if (fresh) {
    await run("redis-cli", [
      "--cluster",
      "create",
      ...ports.map((port) => `127.0.0.1:${port}`),
      "--cluster-replicas",
      "1",
      "--cluster-yes",
    ]);
  } else if (infos.some((info) => info.get("cluster_known_nodes") !== String(ports.length))) {
    throw new Error(
      "redis cluster: the nodes in <data dir>/cluster/redis-cluster are half-formed; stop, remove that directory and start again",
    );
  }
  await waitFor("cluster_state did not become ok on every node", async () => {
    const states = await Promise.all(ports.map(clusterInfo));
    return states.every((info) => info.get("cluster_state") === "ok");
  });
  return fresh ? "formed" : "reused";
}
