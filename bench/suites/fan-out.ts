import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startDevicePool } from "../lib/device-pool";
import type { DevicePool } from "../lib/device-pool";
import { connectMcp, createBenchUser, hubDeviceSpecs } from "../lib/hub-client";
import type { BenchOptions } from "../lib/options";
import { startCpuMeter } from "../lib/proc-stats";
import type { ServerProcess } from "../lib/servers";
import { percentiles } from "../lib/stats";
import type { Percentiles } from "../lib/stats";
import { baselineCycleTarget, hubCycleTarget } from "./cycle";
import type { AnswerChannel, CycleTarget, CycleTimes } from "./cycle";

/** Cycles run before measuring, so JIT warm-up and first-touch allocations are not counted. */
const WARM_UP_CYCLES = 5;

/** The figures of one run (one side, one round) at one size. */
export interface CycleRun {
  fanOut: Percentiles;
  withdrawnHttp: Percentiles;
  withdrawnSocket: Percentiles;
  toolResultHttp?: Percentiles;
  toolResultSocket?: Percentiles;
  /** Server CPU for the whole run divided by the messages it delivered (new + withdrawn). */
  cpuUsPerMessage: number;
}

/** Every run at one device count; hub and baseline rounds were interleaved. */
export interface FanOutResult {
  devices: number;
  samplesPerRun: number;
  hub: CycleRun[];
  baseline: CycleRun[];
}

async function measureRun(
  target: CycleTarget,
  serverPid: number,
  samples: number,
  devices: number,
): Promise<CycleRun> {
  const times: Record<AnswerChannel, CycleTimes[]> = { http: [], socket: [] };
  const meter = startCpuMeter({ server: serverPid });
  for (let index = 0; index < samples; index += 1) {
    const channel: AnswerChannel = index % 2 === 0 ? "http" : "socket";
    times[channel].push(await target.run(channel));
  }
  const cpu = meter().server ?? 0;
  const all = [...times.http, ...times.socket];
  const toolResults = (channel: AnswerChannel): number[] =>
    times[channel].flatMap((each) => (each.toolResult === undefined ? [] : [each.toolResult]));
  const hasToolResults = toolResults("http").length > 0;
  return {
    fanOut: percentiles(all.map((each) => each.fanOut)),
    withdrawnHttp: percentiles(times.http.map((each) => each.withdrawn)),
    withdrawnSocket: percentiles(times.socket.map((each) => each.withdrawn)),
    ...(hasToolResults
      ? {
          toolResultHttp: percentiles(toolResults("http")),
          toolResultSocket: percentiles(toolResults("socket")),
        }
      : {}),
    cpuUsPerMessage: (cpu * 1000) / (samples * devices * 2),
  };
}

async function warmUp(target: CycleTarget): Promise<void> {
  for (let index = 0; index < WARM_UP_CYCLES; index += 1)
    await target.run(index % 2 === 0 ? "http" : "socket");
}

/**
 * Fan-out and resolution at each device count: one hub user with N devices and one baseline
 * room with N clients, spread over 1 worker (N < 100) or 2, measured in interleaved rounds
 * (baseline, hub, baseline, hub, …) so drifting machine load hits both sides alike.
 */
export async function runFanOut(
  options: BenchOptions,
  hub: ServerProcess,
  baseline: ServerProcess,
): Promise<FanOutResult[]> {
  const results: FanOutResult[] = [];
  for (const devices of options.fanOutSizes) {
    const samples = options.samplesFor(devices);
    console.log(
      `fan-out: ${devices} device(s), ${options.rounds} rounds × ${samples} cycles per side`,
    );
    const workers = devices >= 100 ? 2 : 1;
    const user = await createBenchUser(hub.url, devices);
    const room = `room-${devices}`;
    const pools: DevicePool[] = [];
    let mcp: Client | undefined;
    try {
      const hubPool = await startDevicePool(hubDeviceSpecs([user], [hub.url]), "report", workers);
      pools.push(hubPool);
      const basePool = await startDevicePool(
        Array.from({ length: devices }, () => ({
          url: baseline.url.origin,
          auth: { room },
          userId: room,
        })),
        "report",
        workers,
      );
      pools.push(basePool);
      mcp = await connectMcp(hub.url, user.tokens[0]!);
      const hubTarget = hubCycleTarget({
        hubUrl: hub.url,
        mcp,
        tokens: user.tokens,
        pool: hubPool,
      });
      const baseTarget = baselineCycleTarget({
        baseUrl: baseline.url,
        room,
        pool: basePool,
        deviceCount: devices,
      });
      await warmUp(baseTarget);
      await warmUp(hubTarget);
      const result: FanOutResult = { devices, samplesPerRun: samples, hub: [], baseline: [] };
      for (let round = 0; round < options.rounds; round += 1) {
        result.baseline.push(await measureRun(baseTarget, baseline.pid, samples, devices));
        result.hub.push(await measureRun(hubTarget, hub.pid, samples, devices));
      }
      results.push(result);
    } finally {
      await mcp?.close();
      await Promise.all(pools.map((pool) => pool.close()));
    }
  }
  return results;
}
