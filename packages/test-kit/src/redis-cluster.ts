import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freeLoopbackPort } from "./free-port";
import { stopChild } from "./stop-child";
import {
  CLUSTER_READY_TIMEOUT_MS,
  clusterCli as cli,
  type NodeLine,
  formCluster,
  spawnNode,
  parseClusterNodes,
  waitUntil,
} from "./redis-cluster-forming";

/** One `redis-server --cluster-enabled yes` process of a test cluster. */
export interface TestClusterNode {
  readonly host: "127.0.0.1";
  readonly port: number;
  /** False once the process has exited (killed by `killMasterOf` or stopped). */
  readonly alive: boolean;
}

/** A throwaway Redis Cluster on loopback ports, owned by one test file. */
export interface TestRedisCluster {
  /** Every node at start-up: what an ioredis `Cluster` (or REDIS_CLUSTER_NODES) is given. */
  readonly startupNodes: readonly { host: string; port: number }[];
  readonly nodes: readonly TestClusterNode[];
  /** `host:port,host:port,…` of the start-up nodes (the REDIS_CLUSTER_NODES env format). */
  readonly nodeList: string;
  /** The hash slot of `key` (honours `{hash tags}`). */
  slotOf(key: string): Promise<number>;
  /** Port of the node currently serving `key`'s slot as master, as a live node sees it. */
  masterPortOf(key: string): Promise<number>;
  /**
   * SIGKILLs the master of `key`'s slot (no shutdown, no final replication) and resolves once
   * the process is gone. Returns the killed port and the slot, for `waitForPromotion`.
   */
  killMasterOf(key: string): Promise<{ port: number; slot: number }>;
  /**
   * Resolves with the port of the node that took over `slot` from `formerMasterPort`, once
   * every live node agrees and `cluster_state:ok`; rejects after `timeoutMs`.
   */
  waitForPromotion(slot: number, formerMasterPort: number, timeoutMs?: number): Promise<number>;
  /**
   * SIGSTOPs every replica of the master on `masterPort` and drops their replication links on
   * the master (`CLIENT KILL TYPE replica`), so writes the master acknowledges from now on
   * exist nowhere else: the lag a failover can lose (a stopped replica alone would still get
   * them, buffered by the kernel). Returns a function that SIGCONTs the replicas; call it
   * within a second or two, before the cluster declares them failed.
   */
  pauseReplicasOf(masterPort: number): Promise<() => void>;
  /**
   * Starts a killed node again on its port with its cluster config, as an orchestrator would;
   * it rejoins as a replica of whoever took over its slots. Resolves once it is attached and
   * synced (`master_link_status:up`).
   */
  restartNode(port: number, timeoutMs?: number): Promise<void>;
  /** Stops every node and removes the temp directory; safe to call twice. */
  stop(): Promise<void>;
}

export interface RedisClusterOptions {
  masters?: number;
  replicasPerMaster?: number;
}

/**
 * Starts `masters × (1 + replicasPerMaster)` cluster-enabled redis-servers (no persistence,
 * node timeout 1 s), forms the cluster with `redis-cli --cluster create`, and resolves once
 * every node reports `cluster_state:ok` and every replica is attached. Stop it in afterAll;
 * an exit hook SIGKILLs every node if the test process dies first. Takes ~1-2 s.
 */
export async function startRedisCluster(
  options: RedisClusterOptions = {},
): Promise<TestRedisCluster> {
  const masters = options.masters ?? 3;
  const replicasPerMaster = options.replicasPerMaster ?? 1;
  const dir = await mkdtemp(join(tmpdir(), "redis-cluster-"));
  const ports: number[] = [];
  const busPorts = new Map<number, number>();
  const taken = new Set<number>();
  while (ports.length < masters * (1 + replicasPerMaster)) {
    const [port, busPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
    if (port === busPort || taken.has(port) || taken.has(busPort)) continue;
    taken.add(port).add(busPort);
    ports.push(port);
    busPorts.set(port, busPort);
  }
  const spawnOn = (port: number): ChildProcess => spawnNode(port, busPorts.get(port) ?? 0, dir);
  const children = new Map<number, ChildProcess>(ports.map((port) => [port, spawnOn(port)]));
  const killOnExit = (): void => {
    for (const child of children.values()) child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  let stopped = false;
  async function stop(): Promise<void> {
    if (stopped) return;
    stopped = true;
    process.off("exit", killOnExit);
    await Promise.all([...children.values()].map((child) => stopChild(child, 2_000)));
    await rm(dir, { recursive: true, force: true });
  }
  const isAlive = (port: number): boolean => {
    const child = children.get(port);
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  };
  const livePorts = (): number[] => ports.filter(isAlive);

  try {
    await waitUntil(
      "every node answering PING",
      async () =>
        (await Promise.all(ports.map((port) => cli(port, "PING")))).every(
          (r) => r.trim() === "PONG",
        ),
      CLUSTER_READY_TIMEOUT_MS,
    );
    await formCluster(ports, (port) => busPorts.get(port) ?? 0, masters);
    await waitUntil(
      "cluster_state:ok with every replica attached",
      async () => {
        for (const port of ports) {
          if (!(await cli(port, "CLUSTER", "INFO")).includes("cluster_state:ok")) return false;
          const lines = parseClusterNodes(await cli(port, "CLUSTER", "NODES"));
          if (lines.filter((line) => line.isMaster && line.slots.length > 0).length !== masters)
            return false;
          if (
            lines.filter((line) => !line.isMaster && line.masterId !== "-").length !==
            masters * replicasPerMaster
          )
            return false;
        }
        const replicaLinks = await Promise.all(
          ports.map(async (port) =>
            (await cli(port, "INFO", "replication")).includes("master_link_status:down"),
          ),
        );
        return replicaLinks.every((down) => !down);
      },
      CLUSTER_READY_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  const anyLivePort = (): number => {
    const port = livePorts()[0];
    if (port === undefined) throw new Error("redis cluster: no node is alive");
    return port;
  };
  const slotOf = async (key: string): Promise<number> =>
    Number((await cli(anyLivePort(), "CLUSTER", "KEYSLOT", key)).trim());
  const masterOfSlot = async (port: number, slot: number): Promise<NodeLine | undefined> =>
    parseClusterNodes(await cli(port, "CLUSTER", "NODES")).find(
      (line) =>
        line.isMaster &&
        !line.failed &&
        line.slots.some(([from, to]) => slot >= from && slot <= to),
    );
  const masterPortOf = async (key: string): Promise<number> => {
    const master = await masterOfSlot(anyLivePort(), await slotOf(key));
    if (master === undefined) throw new Error(`redis cluster: no master serves the slot of ${key}`);
    return master.port;
  };

  return {
    startupNodes: ports.map((port) => ({ host: "127.0.0.1", port })),
    nodeList: ports.map((port) => `127.0.0.1:${port}`).join(","),
    nodes: ports.map((port) => ({
      host: "127.0.0.1" as const,
      port,
      get alive() {
        return isAlive(port);
      },
    })),
    slotOf,
    masterPortOf,
    async killMasterOf(key) {
      const slot = await slotOf(key);
      const port = await masterPortOf(key);
      const child = children.get(port);
      if (child === undefined) throw new Error(`redis cluster: port ${port} is not one of ours`);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      return { port, slot };
    },
    async waitForPromotion(slot, formerMasterPort, timeoutMs = CLUSTER_READY_TIMEOUT_MS) {
      let promoted = 0;
      await waitUntil(
        `promotion of a replica for slot ${slot}`,
        async () => {
          const owners = await Promise.all(
            livePorts().map(async (port) => {
              if (!(await cli(port, "CLUSTER", "INFO")).includes("cluster_state:ok"))
                return undefined;
              return (await masterOfSlot(port, slot))?.port;
            }),
          );
          const first = owners[0];
          if (first === undefined || first === formerMasterPort) return false;
          if (!owners.every((owner) => owner === first)) return false;
          promoted = first;
          return true;
        },
        timeoutMs,
      );
      return promoted;
    },
    async pauseReplicasOf(masterPort) {
      const lines = parseClusterNodes(await cli(masterPort, "CLUSTER", "NODES"));
      const masterId = lines.find((line) => line.port === masterPort)?.id;
      const replicas = lines
        .filter((line) => !line.isMaster && line.masterId === masterId)
        .map((line) => children.get(line.port))
        .filter((child) => child !== undefined);
      if (replicas.length === 0) throw new Error(`redis cluster: :${masterPort} has no replica`);
      for (const replica of replicas) replica.kill("SIGSTOP");
      await cli(masterPort, "CLIENT", "KILL", "TYPE", "replica");
      return () => {
        for (const replica of replicas) replica.kill("SIGCONT");
      };
    },
    async restartNode(port, timeoutMs = CLUSTER_READY_TIMEOUT_MS) {
      if (isAlive(port)) throw new Error(`redis cluster: node ${port} is still running`);
      children.set(port, spawnOn(port));
      await waitUntil(
        `node ${port} rejoining as a synced replica`,
        async () => {
          const replication = await cli(port, "INFO", "replication");
          return (
            replication.includes("role:slave") && replication.includes("master_link_status:up")
          );
        },
        timeoutMs,
      );
    },
    stop,
  };
}
