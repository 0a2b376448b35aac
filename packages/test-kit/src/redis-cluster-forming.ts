// The nodes of a test Redis Cluster: spawning each, joining them into one cluster and reading
// `CLUSTER NODES`. redis-cluster.ts starts the whole cluster with these and drives it.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { pollUntil, redisCli } from "./redis-cli";

/**
 * Short on purpose: a replica starts its election about this long after its master stops
 * answering, so a failover test recovers in ~1-2 s instead of the production default's 15 s.
 */
const CLUSTER_NODE_TIMEOUT_MS = 1_000;

/** How long forming the cluster (or a promotion) may take before the helper gives up. */
export const CLUSTER_READY_TIMEOUT_MS = 15_000;

/** One command to a node of the test cluster. */
export function clusterCli(port: number, ...args: string[]): Promise<string> {
  return redisCli(port, args, 5_000);
}

/** Polls until `check` holds, naming the cluster in its failure. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  await pollUntil(`redis cluster: ${what}`, timeoutMs, async () =>
    (await check()) ? true : undefined,
  );
}

/** One line of `CLUSTER NODES`. */
export interface NodeLine {
  readonly port: number;
  readonly isMaster: boolean;
  readonly failed: boolean;
  readonly masterId: string;
  readonly id: string;
  readonly slots: readonly [number, number][];
}

/** Parses `CLUSTER NODES` (one line per node: id addr flags master … link-state slots…). */
export function parseClusterNodes(text: string): NodeLine[] {
  return text
    .trim()
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => {
      const [id = "", address = "", flags = "", masterId = "", , , , , ...slotFields] =
        line.split(" ");
      const port = Number(address.split("@")[0]?.split(":")[1]);
      const slots = slotFields
        .filter((field) => !field.startsWith("["))
        .map((field): [number, number] => {
          const [from, to = from] = field.split("-");
          return [Number(from), Number(to)];
        });
      return {
        id,
        port,
        isMaster: flags.includes("master"),
        failed: flags.includes("fail"),
        masterId,
        slots,
      };
    });
}

const TOTAL_SLOTS = 16_384;

/**
 * Forms the cluster by hand (slots, MEET, REPLICATE) instead of `redis-cli --cluster create`,
 * whose fixed one-second join polling made start-up take ~7 s instead of ~1 s.
 */
export async function formCluster(
  ports: readonly number[],
  busPortOf: (port: number) => number,
  masters: number,
): Promise<void> {
  const masterPorts = ports.slice(0, masters);
  await Promise.all(
    masterPorts.map((port, index) => {
      const from = Math.floor((index * TOTAL_SLOTS) / masters);
      const to = Math.floor(((index + 1) * TOTAL_SLOTS) / masters) - 1;
      return clusterCli(port, "CLUSTER", "ADDSLOTSRANGE", String(from), String(to));
    }),
  );
  const [first = 0, ...others] = ports;
  await Promise.all(
    others.map((port) =>
      clusterCli(port, "CLUSTER", "MEET", "127.0.0.1", String(first), String(busPortOf(first))),
    ),
  );
  await waitUntil(
    "every node meeting every other",
    async () => {
      for (const port of ports) {
        if (
          !(await clusterCli(port, "CLUSTER", "INFO")).includes(
            `cluster_known_nodes:${ports.length}`,
          )
        )
          return false;
      }
      return true;
    },
    CLUSTER_READY_TIMEOUT_MS,
  );
  const masterIds = await Promise.all(
    masterPorts.map(async (port) => (await clusterCli(port, "CLUSTER", "MYID")).trim()),
  );
  const replicaPorts = ports.slice(masters);
  await Promise.all(
    replicaPorts.map((port, index) =>
      clusterCli(port, "CLUSTER", "REPLICATE", masterIds[index % masters] ?? ""),
    ),
  );
}

/**
 * Each node's cluster bus gets a free port of its own: the default (port + 10000) may be
 * taken, or past 65535 for ports from the ephemeral range.
 */
export function spawnNode(port: number, busPort: number, dir: string): ChildProcess {
  return spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--cluster-enabled",
      "yes",
      "--cluster-port",
      String(busPort),
      "--cluster-node-timeout",
      String(CLUSTER_NODE_TIMEOUT_MS),
      "--cluster-config-file",
      join(dir, `nodes-${port}.conf`),
      "--dir",
      dir,
      "--appendonly",
      "no",
      "--save",
      "",
      // A replica's first sync otherwise waits 5 s for more replicas to share the transfer.
      "--repl-diskless-sync-delay",
      "0",
    ],
    { stdio: "ignore" },
  );
}
