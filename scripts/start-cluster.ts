/**
 * `npm run start:cluster`: the whole product on several hub nodes joined by Redis, locally.
 *
 * Default (two nodes, no load balancer):
 *   redis-server  127.0.0.1:6380   data in <data dir>/cluster/redis (append-only file)
 *   hub node      127.0.0.1:4000   ─┐ same REDIS_URL
 *   hub node      127.0.0.1:4001   ─┘
 *   demo-tools    127.0.0.1:4200
 *   agent         127.0.0.1:4100   → hub node 4000 (MCP calls are held there), runs in Redis
 *   web           http://localhost:3000 → hub node 4001 (devices answer there)
 * So every answer given in the browser crosses nodes on its way to the waiting agent.
 *
 * `-- --haproxy`: the same redis-server, three hub nodes (4000-4002) behind HAProxy on
 * 127.0.0.1:8080 (CLUSTER_HAPROXY_PORT), and the web, the browsers' Socket.IO and the agent
 * reach the hubs only through it. `-- --redis-cluster`: the same, on a 3-master/3-replica
 * Redis Cluster (127.0.0.1:7000-7005, CLUSTER_REDIS_CLUSTER_PORT; data in
 * <data dir>/cluster/redis-cluster/<port>), formed with `redis-cli --cluster create` on the first start and
 * rejoined from its nodes.conf afterwards; hubs and agent get REDIS_CLUSTER_NODES. HAProxy's
 * config is test-kit's renderHaproxyConfig (health check GET /api/ready, pinned 2025-era MCP
 * sessions, the client's address in X-Forwarded-For), written to <data dir>/cluster/haproxy/.
 * `<data dir>` is the per-user data directory (INQUIRY_HUB_DATA_DIR moves it), never the
 * checkout: Redis holds the hub's accounts and questions, so an agent working in the
 * repository must not find them there.
 *
 * Ctrl-C stops everything; if any process dies, the rest are stopped too. Override the single
 * Redis port with CLUSTER_REDIS_PORT. Every app is built first: `next start` serves the web's
 * build and the services' `start` runs their bundled dist/main.js.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { dataDirectory, ensurePrivateFolder } from "@inquiry-hub/logging";
import { readClusterSettings } from "./cluster/cluster-mode";
import { haproxyService } from "./cluster/haproxy-service";
import {
  ensureRedisClusterFormed,
  redisClusterPorts,
  redisClusterServices,
} from "./cluster/local-redis-cluster";
import type { Service } from "./cluster/service";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Redis's and HAProxy's files for this mode, in the per-user data directory (0700). */
const CLUSTER_STATE = path.join(dataDirectory(), "cluster");
const REDIS_DIR = path.join(CLUSTER_STATE, "redis");
const SETTINGS = readClusterSettings(process.argv.slice(2), process.env);
const BALANCED = SETTINGS.mode !== "two-nodes";
const CLUSTER_PORTS = redisClusterPorts(SETTINGS.redisClusterFirstPort);
/** How hubs and the agent find Redis: one server's URL, or the cluster's seed nodes. */
const REDIS_ENV: Record<string, string> =
  SETTINGS.mode === "redis-cluster"
    ? { REDIS_CLUSTER_NODES: CLUSTER_PORTS.map((port) => `127.0.0.1:${port}`).join(",") }
    : { REDIS_URL: `redis://127.0.0.1:${SETTINGS.redisPort}` };
const HUB_PORTS = BALANCED ? [4000, 4001, 4002] : [4000, 4001];
const HAPROXY_URL = `http://127.0.0.1:${SETTINGS.haproxyPort}`;
/** Where the agent holds its MCP calls and where the web (and its browsers) reach the hub. */
const AGENT_HUB_URL = BALANCED ? HAPROXY_URL : "http://127.0.0.1:4000";
const WEB_HUB_URL = BALANCED ? HAPROXY_URL : "http://127.0.0.1:4001";
const STOP_GRACE_MS = 10_000;
/**
 * One key for both nodes, so a 2026-07-28 approval retry redeems on either node the
 * `requestState` the other sealed. Yours if set; otherwise one per cluster run (states live
 * only as long as their approval, so a fresh key on restart loses nothing that matters).
 */
const REQUEST_STATE_SECRET =
  process.env.HUB_REQUEST_STATE_SECRET ?? randomBytes(32).toString("base64url");

const hubNode = (port: number): Service => ({
  name: `hub:${port}`,
  command: "npm",
  args: ["run", "start", "-w", "@inquiry-hub/hub"],
  env: {
    HUB_PORT: String(port),
    ...REDIS_ENV,
    HUB_NODE_ID: `hub-${port}`,
    HUB_REQUEST_STATE_SECRET: REQUEST_STATE_SECRET,
  },
});

const REDIS_SERVICES: Service[] =
  SETTINGS.mode === "redis-cluster"
    ? redisClusterServices(CLUSTER_STATE, CLUSTER_PORTS)
    : [
        {
          name: "redis",
          command: "redis-server",
          args: ["--port", String(SETTINGS.redisPort), "--bind", "127.0.0.1"].concat([
            "--dir",
            REDIS_DIR,
            "--appendonly",
            "yes",
            "--save",
            "",
          ]),
        },
      ];

/** Everything that needs Redis ready; started once the Redis services answer. */
function appServices(): Service[] {
  const services = HUB_PORTS.map(hubNode);
  if (BALANCED)
    services.push(
      haproxyService(CLUSTER_STATE, {
        port: SETTINGS.haproxyPort,
        servers: HUB_PORTS.map((port) => ({ name: `hub-${port}`, host: "127.0.0.1", port })),
        timeoutGraceSeconds: SETTINGS.timeoutGraceSeconds,
      }),
    );
  services.push(
    { name: "demo-tools", command: "npm", args: ["run", "start", "-w", "@inquiry-hub/demo-tools"] },
    {
      name: "agent",
      command: "npm",
      args: ["run", "start", "-w", "@inquiry-hub/agent"],
      env: {
        HUB_MCP_URL: `${AGENT_HUB_URL}/mcp`,
        DEMO_TOOLS_MCP_URL: `${AGENT_HUB_URL}/proxy/demo/mcp`,
        // Runs in the same Redis, so another agent node started beside it could serve re-attaches.
        ...REDIS_ENV,
      },
    },
    {
      name: "web",
      command: "npm",
      args: ["run", "start", "-w", "@inquiry-hub/web"],
      env: { HUB_URL: WEB_HUB_URL },
    },
  );
  return services;
}

/** Process group of every started service; Redis stops last, so the others can close cleanly. */
const groups: { pid: number; redis: boolean }[] = [];
let stopping = false;

/** Prefixes each line of a child's output with its name. */
function pipeLines(name: string, stream: NodeJS.ReadableStream | null): void {
  let partial = "";
  stream?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) console.log(`[${name}] ${line}`);
  });
}

/** Starts one service in its own process group, so stopping reaches npm's children too. */
function start(service: Service, redis = false): void {
  const child = spawn(service.command, service.args, {
    cwd: ROOT,
    env: { ...process.env, ...service.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  if (child.pid !== undefined) groups.push({ pid: child.pid, redis });
  pipeLines(service.name, child.stdout);
  pipeLines(service.name, child.stderr);
  child.once("error", (error) => console.error(`[${service.name}] cannot start: ${error.message}`));
  child.once("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[${service.name}] exited (${signal ?? code}); stopping the cluster`);
      stopAll(1);
    }
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM to the groups, SIGKILL to whatever is left after the grace period. Waits on the
 * whole group, not the npm wrapper: a service still closing after npm exited is waited for.
 */
async function stopGroups(pids: number[]): Promise<void> {
  for (const pid of pids) signalGroup(pid, "SIGTERM");
  const deadline = Date.now() + STOP_GRACE_MS;
  while (pids.some((pid) => signalGroup(pid, 0)) && Date.now() < deadline) await sleep(100);
  for (const pid of pids) signalGroup(pid, "SIGKILL");
}

/** Stops every service, then Redis, then exits with `exitCode`. */
function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  const pidsOf = (redis: boolean) =>
    groups.filter((group) => group.redis === redis).map((group) => group.pid);
  void stopGroups(pidsOf(false))
    .then(() => stopGroups(pidsOf(true)))
    .then(() => process.exit(exitCode));
}

process.once("SIGINT", () => stopAll(0));
process.once("SIGTERM", () => stopAll(0));

/** Builds, starts Redis, forms the Redis Cluster when asked, then starts everything else. */
async function main(): Promise<void> {
  ensurePrivateFolder(CLUSTER_STATE);
  ensurePrivateFolder(REDIS_DIR);
  const build = spawnSync("npx", ["turbo", "run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  for (const service of REDIS_SERVICES) start(service, true);
  if (SETTINGS.mode === "redis-cluster") {
    const formation = await ensureRedisClusterFormed(CLUSTER_PORTS);
    console.log(`redis cluster ${formation} on 127.0.0.1:${CLUSTER_PORTS.join(",")}`);
  }
  if (stopping) return;
  for (const service of appServices()) start(service);
  console.log(
    `cluster starting (${SETTINGS.mode}): web http://localhost:3000 → ${WEB_HUB_URL}, agent → ${AGENT_HUB_URL}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
});
