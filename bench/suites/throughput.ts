import { readProgressMeta } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { wallNow } from "../lib/clock";
import { startDevicePool } from "../lib/device-pool";
import type { DevicePool } from "../lib/device-pool";
import { connectMcp, createBenchUsers, hubDeviceSpecs, resultText } from "../lib/hub-client";
import { benchPrompt } from "../lib/inquiry-payload";
import { startCpuMeter } from "../lib/proc-stats";
import type { ServerProcess } from "../lib/servers";
import type { Tally } from "../load/worker-messages";

const DEVICES_PER_USER = 3;
/** Completions in the first second are not counted: connections and JIT are still warming. */
const WARM_UP_MS = 1_000;
/** After the window, calls in flight get this long to finish; any still open is lost. */
const DRAIN_MS = 10_000;
/** Invariant 4: every device drops a resolved card within a second; tallied after that. */
const WITHDRAWAL_GRACE_MS = 1_000;

/** One throughput row: U users × 3 devices on `nodes` hub processes. */
export interface ThroughputResult {
  users: number;
  nodes: number;
  seconds: number;
  resolutions: number;
  resolutionsPerSecond: number;
  /** Calls still open after the drain period. */
  lost: number;
  /** Calls that failed or returned another answer than the device gave. */
  wrongResults: number;
  tally: Tally;
  /** CPU used during the window as a share of one core, per process group. */
  cpuCores: { hub: number; devices: number; agents: number };
}

/** How many send_inquiry calls this process has made: each asks its own question. */
let asked = 0;

/** One send_inquiry call; resolves with whether the result carried the device's answer. */
export async function callOnce(mcp: Client): Promise<boolean> {
  let inquiryId = "";
  const result = await mcp.callTool(
    { name: "send_inquiry", arguments: { prompt: benchPrompt((asked += 1)) } },
    CallToolResultSchema,
    {
      onprogress: (progress) => {
        const meta = readProgressMeta(progress);
        if (meta?.type === "INQUIRY") inquiryId = meta.inquiryId;
      },
    },
  );
  return resultText(result) === `answer-${inquiryId}`;
}

/**
 * Every user keeps exactly one inquiry pending: its agent (an MCP client in this process)
 * calls send_inquiry, a random one of its 3 devices answers on `inquiry:new` (in the device
 * workers), the result comes back, the agent asks again. Counted: results in the window;
 * checked: every result carries its own answer, every call returns, no device sees an event
 * twice, every device sees every withdrawal, no answer is refused.
 */
export async function runThroughput(
  users: number,
  seconds: number,
  hubs: ServerProcess[],
): Promise<ThroughputResult> {
  console.log(
    `throughput: ${users} users × ${DEVICES_PER_USER} devices, ${hubs.length} node(s), ${seconds} s`,
  );
  const hubUrls = hubs.map((hub) => hub.url);
  const accounts = await createBenchUsers(hubUrls[0]!, users, DEVICES_PER_USER);
  const clients: Client[] = [];
  let pool: DevicePool | undefined;
  try {
    pool = await startDevicePool(hubDeviceSpecs(accounts, hubUrls), "auto-answer", 2);
    for (const [index, account] of accounts.entries()) {
      clients.push(await connectMcp(hubUrls[index % hubUrls.length]!, account.tokens[0]!));
    }
    const meter = startCpuMeter({
      ...Object.fromEntries(hubs.map((hub, index) => [`hub${index}`, hub.pid])),
      ...Object.fromEntries(pool.pids.map((pid, index) => [`devices${index}`, pid])),
      agents: process.pid,
    });
    const startAt = wallNow() + WARM_UP_MS;
    const endAt = startAt + seconds * 1000;
    let resolutions = 0;
    let wrongResults = 0;
    let inFlight = 0;
    const loops = clients.map(async (mcp) => {
      while (wallNow() < endAt) {
        inFlight += 1;
        const correct = await callOnce(mcp).catch(() => false);
        inFlight -= 1;
        const at = wallNow();
        if (!correct) wrongResults += 1;
        else if (at >= startAt && at < endAt) resolutions += 1;
      }
    });
    const drained = Promise.all(loops);
    await new Promise((resolve) => setTimeout(resolve, endAt - wallNow()));
    const cpu = meter();
    const windowMs = seconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      drained,
      new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS))),
    ]);
    clearTimeout(timer);
    await new Promise((resolve) => setTimeout(resolve, WITHDRAWAL_GRACE_MS));
    const share = (prefix: string): number =>
      Object.entries(cpu)
        .filter(([name]) => name.startsWith(prefix))
        .reduce((sum, [, ms]) => sum + ms, 0) / windowMs;
    return {
      users,
      nodes: hubs.length,
      seconds,
      resolutions,
      resolutionsPerSecond: resolutions / seconds,
      lost: inFlight,
      wrongResults,
      tally: await pool.tally(),
      cpuCores: { hub: share("hub"), devices: share("devices"), agents: share("agents") },
    };
  } finally {
    await Promise.allSettled(clients.map((client) => client.close()));
    await pool?.close();
  }
}
