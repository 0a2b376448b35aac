import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freeLoopbackPort } from "./free-port";
import { pollUntil, redisCli } from "./redis-cli";
import { stopChild } from "./stop-child";

/** The master group the sentinels monitor (REDIS_SENTINEL_NAME). */
const GROUP = "test-master";
const STARTUP_TIMEOUT_MS = 15_000;
/**
 * Short on purpose: a master is judged down 1 s after it stops answering and a failover may
 * be retried after 3 s, so a failover test recovers in a few seconds instead of the
 * production defaults' 30 s + 3 min.
 */
const DOWN_AFTER_MS = 1_000;
const FAILOVER_TIMEOUT_MS = 3_000;

/** A throwaway Sentinel deployment: one master, its replicas, three sentinels (quorum 2). */
export interface TestRedisSentinel {
  /** The master group name (REDIS_SENTINEL_NAME). */
  readonly name: string;
  /** The sentinels, as ioredis's `sentinels` option takes them. */
  readonly sentinels: readonly { host: string; port: number }[];
  /** `host:port,host:port,host:port` of the sentinels (the REDIS_SENTINELS env format). */
  readonly sentinelList: string;
  /** How long start-up took until the sentinels could authorise a failover, in ms. */
  readonly startupMs: number;
  /** The port of the current master, as the first live sentinel reports it. */
  masterPort(): Promise<number>;
  /**
   * Resolves once every replica has acknowledged everything the master has written so far.
   * Replication is asynchronous: a write the master acknowledged but had not yet shipped dies
   * with it in a failover. Call this before `killMaster` when a test is about what happens
   * to replicated state, not about that window.
   */
  waitForReplicaSync(timeoutMs?: number): Promise<void>;
  /** SIGKILLs the current master (no shutdown, no final replication); resolves with its port once gone. */
  killMaster(): Promise<number>;
  /**
   * Resolves with the new master's port once the sentinels name a master other than
   * `formerMasterPort` and that server answers `ROLE` as master; rejects after `timeoutMs`.
   */
  waitForFailover(formerMasterPort: number, timeoutMs?: number): Promise<number>;
  /** Stops every process and removes the temp directory; safe to call twice. */
  stop(): Promise<void>;
}

async function cli(port: number, ...args: string[]): Promise<string> {
  return (await redisCli(port, args, 2_000)).trim();
}

/** Polls `check` until it gives a value, naming the deployment in its failure. */
function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>) {
  return pollUntil(`redis sentinel test kit: ${what}`, timeoutMs, check);
}

function spawnServer(args: string[]): ChildProcess {
  const child = spawn("redis-server", args, { stdio: "ignore" });
  child.once("error", () => undefined);
  return child;
}

function dataServerArgs(port: number, dir: string): string[] {
  return [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    dir,
    "--dbfilename",
    `dump-${port}.rdb`,
    "--replica-announce-ip",
    "127.0.0.1",
    // Redis waits 5 s by default for more replicas before a diskless full sync.
    "--repl-diskless-sync-delay",
    "0",
  ];
}

/** Options of `startRedisSentinel`. */
export interface RedisSentinelOptions {
  /**
   * Replicas of the master (default 1). Take 2 when writes wait for a replica's
   * acknowledgement (WAIT): after a failover one replica is then left to acknowledge.
   */
  replicas?: number;
}

interface SentinelLayout {
  masterPort: number;
  replicaPorts: number[];
  /** Each sentinel's port and its `myid` (40 hex digits). */
  sentinels: { port: number; id: string }[];
}

/**
 * `resolve-hostnames` and `announce-ip` come first: they apply to the monitor line. Each
 * sentinel is told its own id, the replica and its peers up front (the `known-*` lines Sentinel
 * writes into its own config file), so the quorum exists at once instead of after the hello
 * messages and INFO polls of discovery (several seconds).
 */
function sentinelConfig(
  self: { port: number; id: string },
  layout: SentinelLayout,
  dir: string,
): string {
  return [
    `port ${self.port}`,
    "bind 127.0.0.1",
    `dir ${dir}`,
    "sentinel resolve-hostnames no",
    "sentinel announce-ip 127.0.0.1",
    `sentinel announce-port ${self.port}`,
    `sentinel myid ${self.id}`,
    `sentinel monitor ${GROUP} 127.0.0.1 ${layout.masterPort} 2`,
    `sentinel down-after-milliseconds ${GROUP} ${DOWN_AFTER_MS}`,
    `sentinel failover-timeout ${GROUP} ${FAILOVER_TIMEOUT_MS}`,
    `sentinel parallel-syncs ${GROUP} 1`,
    ...layout.replicaPorts.map((port) => `sentinel known-replica ${GROUP} 127.0.0.1 ${port}`),
    ...layout.sentinels
      .filter((peer) => peer.port !== self.port)
      .map((peer) => `sentinel known-sentinel ${GROUP} 127.0.0.1 ${peer.port} ${peer.id}`),
    "",
  ].join("\n");
}

/**
 * Starts a master and its replicas (redis-server, no persistence) and three sentinels
 * (`redis-server <conf> --sentinel`, quorum 2) on free loopback ports, and resolves once
 * every replica is in sync and `SENTINEL CKQUORUM` says all three sentinels can authorise a
 * failover. Stop it in afterAll; an exit hook SIGKILLs every process if the test process dies
 * first. Fails loudly (never skips) if redis-server is missing.
 */
export async function startRedisSentinel(
  options: RedisSentinelOptions = {},
): Promise<TestRedisSentinel> {
  const startedAt = Date.now();
  const dir = await mkdtemp(join(tmpdir(), "redis-sentinel-"));
  const children = new Map<number, ChildProcess>();
  const killOnExit = (): void => {
    for (const child of children.values()) child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      process.off("exit", killOnExit);
      await Promise.all([...children.values()].map((child) => stopChild(child, 2_000)));
      await rm(dir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    const masterPort = await freeLoopbackPort();
    children.set(masterPort, spawnServer(dataServerArgs(masterPort, dir)));
    const replicaPorts: number[] = [];
    for (let index = 0; index < (options.replicas ?? 1); index += 1) {
      const port = await freeLoopbackPort();
      replicaPorts.push(port);
      const replicaOf = ["--replicaof", "127.0.0.1", String(masterPort)];
      children.set(port, spawnServer([...dataServerArgs(port, dir), ...replicaOf]));
    }
    await until("replicas in sync", STARTUP_TIMEOUT_MS, async () => {
      const infos = await Promise.all(replicaPorts.map((port) => cli(port, "INFO", "replication")));
      return infos.every((info) => info.includes("master_link_status:up")) ? true : undefined;
    });
    const layout: SentinelLayout = { masterPort, replicaPorts, sentinels: [] };
    for (let index = 0; index < 3; index += 1)
      layout.sentinels.push({
        port: await freeLoopbackPort(),
        id: randomBytes(20).toString("hex"),
      });
    const sentinelPorts = layout.sentinels.map(({ port }) => port);
    for (const sentinel of layout.sentinels) {
      const file = join(dir, `sentinel-${sentinel.port}.conf`);
      await writeFile(file, sentinelConfig(sentinel, layout, dir));
      children.set(sentinel.port, spawnServer([file, "--sentinel"]));
    }
    await until("sentinel quorum", STARTUP_TIMEOUT_MS, async () => {
      const answers = await Promise.all(
        sentinelPorts.map((port) => cli(port, "SENTINEL", "CKQUORUM", GROUP)),
      );
      const replicasKnown = await Promise.all(
        sentinelPorts.map((port) => cli(port, "SENTINEL", "REPLICAS", GROUP)),
      );
      const ready =
        answers.every((answer) => answer.startsWith("OK 3 usable")) &&
        replicasKnown.every((answer) =>
          replicaPorts.every((port) => answer.includes(String(port))),
        );
      return ready ? true : undefined;
    });

    const sentinels = sentinelPorts.map((port) => ({ host: "127.0.0.1", port }));
    const askSentinels = async (): Promise<number> => {
      for (const port of sentinelPorts) {
        const reply = await cli(port, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", GROUP).catch(() => "");
        const masterPortLine = Number(reply.split("\n")[1]);
        if (Number.isInteger(masterPortLine) && masterPortLine > 0) return masterPortLine;
      }
      throw new Error("redis sentinel test kit: no sentinel names a master");
    };

    return {
      name: GROUP,
      sentinels,
      sentinelList: sentinels.map(({ host, port }) => `${host}:${port}`).join(","),
      startupMs: Date.now() - startedAt,
      masterPort: askSentinels,
      async waitForReplicaSync(timeoutMs = STARTUP_TIMEOUT_MS) {
        const port = await askSentinels();
        const replication = () => cli(port, "INFO", "replication");
        // What was written when the wait began: a hub keeps writing (leases, heartbeats), so
        // chasing the master's moving offset could outlast any timeout on a busy machine.
        const written = Number(/master_repl_offset:(\d+)/.exec(await replication())?.[1]);
        await until("replica in sync", timeoutMs, async () => {
          const acknowledged = [
            ...(await replication()).matchAll(/slave\d+:[^\n]*offset=(\d+)/g),
          ].map((match) => Number(match[1]));
          const synced =
            acknowledged.length > 0 && acknowledged.every((offset) => offset >= written);
          return synced ? true : undefined;
        });
      },
      async killMaster() {
        const port = await askSentinels();
        const child = children.get(port);
        if (child === undefined || child.exitCode !== null || child.signalCode !== null)
          throw new Error(`redis sentinel test kit: master ${port} is not running`);
        const exited = once(child, "exit");
        child.kill("SIGKILL");
        await exited;
        return port;
      },
      waitForFailover(formerMasterPort, timeoutMs = 10_000) {
        return until("failover", timeoutMs, async () => {
          const port = await askSentinels();
          if (port === formerMasterPort) return undefined;
          return (await cli(port, "ROLE")).startsWith("master") ? port : undefined;
        });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
