/**
 * `npm run start:cluster`: the whole product with two hub nodes joined by Redis, locally.
 *
 *   redis-server  127.0.0.1:6380   data in .data/redis (append-only file)
 *   hub node      127.0.0.1:4000   ─┐ same REDIS_URL
 *   hub node      127.0.0.1:4001   ─┘
 *   demo-tools    127.0.0.1:4200
 *   agent         127.0.0.1:4100   → hub node 4000 (MCP calls are held there), runs in Redis
 *   web           http://localhost:3000 → hub node 4001 (devices answer there)
 *
 * So every answer given in the browser crosses nodes on its way to the waiting agent. Ctrl-C
 * stops everything; if any process dies, the rest are stopped too. Override the Redis port
 * with CLUSTER_REDIS_PORT. Every app is built first: `next start` serves the web's build and
 * the services' `start` runs their bundled dist/main.js.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REDIS_PORT = Number(process.env.CLUSTER_REDIS_PORT ?? 6380);
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
const STOP_GRACE_MS = 10_000;
/**
 * One key for both nodes, so a 2026-07-28 approval retry redeems on either node the
 * `requestState` the other sealed. Yours if set; otherwise one per cluster run (states live
 * only as long as their approval, so a fresh key on restart loses nothing that matters).
 */
const REQUEST_STATE_SECRET =
  process.env.HUB_REQUEST_STATE_SECRET ?? randomBytes(32).toString("base64url");

interface Service {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const hubNode = (port: number): Service => ({
  name: `hub:${port}`,
  command: "npm",
  args: ["run", "start", "-w", "@inquiry-hub/hub"],
  env: {
    HUB_PORT: String(port),
    REDIS_URL,
    HUB_NODE_ID: `hub-${port}`,
    HUB_REQUEST_STATE_SECRET: REQUEST_STATE_SECRET,
  },
});

const SERVICES: Service[] = [
  {
    name: "redis",
    command: "redis-server",
    args: ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--dir", ".data/redis"].concat([
      "--appendonly",
      "yes",
      "--save",
      "",
    ]),
  },
  hubNode(4000),
  hubNode(4001),
  { name: "demo-tools", command: "npm", args: ["run", "start", "-w", "@inquiry-hub/demo-tools"] },
  {
    name: "agent",
    command: "npm",
    args: ["run", "start", "-w", "@inquiry-hub/agent"],
    env: {
      HUB_MCP_URL: "http://127.0.0.1:4000/mcp",
      DEMO_TOOLS_MCP_URL: "http://127.0.0.1:4000/proxy/demo/mcp",
      // Runs in the same Redis, so another agent node started beside it could serve re-attaches.
      REDIS_URL,
    },
  },
  {
    name: "web",
    command: "npm",
    args: ["run", "start", "-w", "@inquiry-hub/web"],
    env: { HUB_URL: "http://127.0.0.1:4001" },
  },
];

const running = new Map<string, ChildProcess>();
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
function start(service: Service): void {
  const child = spawn(service.command, service.args, {
    cwd: ROOT,
    env: { ...process.env, ...service.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.set(service.name, child);
  pipeLines(service.name, child.stdout);
  pipeLines(service.name, child.stderr);
  child.once("error", (error) => console.error(`[${service.name}] cannot start: ${error.message}`));
  child.once("exit", (code, signal) => {
    running.delete(service.name);
    if (!stopping) {
      console.error(`[${service.name}] exited (${signal ?? code}); stopping the cluster`);
      stopAll(1);
    }
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to every process group, SIGKILL to whatever is left after the grace period. */
function stopAll(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of running.values()) signalGroup(child, "SIGTERM");
  const deadline = setTimeout(() => {
    for (const child of running.values()) signalGroup(child, "SIGKILL");
    process.exit(exitCode);
  }, STOP_GRACE_MS);
  const poll = setInterval(() => {
    if (running.size > 0) return;
    clearInterval(poll);
    clearTimeout(deadline);
    process.exit(exitCode);
  }, 100);
}

process.once("SIGINT", () => stopAll(0));
process.once("SIGTERM", () => stopAll(0));

mkdirSync(`${ROOT}/.data/redis`, { recursive: true });
const build = spawnSync("npx", ["turbo", "run", "build"], {
  cwd: ROOT,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);
for (const service of SERVICES) start(service);
console.log("cluster starting: web http://localhost:3000 (hub 4001), agent → hub 4000");
