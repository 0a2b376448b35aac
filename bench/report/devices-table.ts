import type { Percentiles } from "../lib/stats";
import type { DevicesMeasured, DevicesResult } from "../suites/devices";
import { P99_MIN_SAMPLES, ms, verdict } from "./format";
import { table } from "./table";

/** Issue 20's scale goals for one node. */
const RSS_PER_DEVICE_TARGET_KB = 20;
const FAN_OUT_P99_TARGET_MS = 10;
/**
 * The fan-out goal holds "while 200 cycles/s run": a window whose background load fell more
 * than 5 % short of that rate cannot pass it, however fast the probe was.
 */
const LOAD_RATE_TOLERANCE = 0.95;

const HEADING = "## 9. Devices: one node with N connected devices, fan-out under background load";

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);

function latencies(figures: Percentiles): string {
  const p99 = figures.count < P99_MIN_SAMPLES ? `${ms(figures.p99)}†` : ms(figures.p99);
  return `${ms(figures.p50)} / ${p99} / ${ms(figures.max)}`;
}

function describe(result: DevicesMeasured): string {
  const { layout, files, setupSeconds, loadAverage } = result;
  return (
    `${result.devices} socket.io-client devices (websocket, 127.0.0.1) connected to one built hub ` +
    "process (`apps/hub/dist/main.js`, embedded store): the probed person's " +
    `${layout.probeDevices}, ${layout.loadUsers} background users × ${layout.loadDevicesPerUser}, ` +
    `and ${layout.idleDevices} idle devices (${layout.idleDevicesPerUser} per user) held by ` +
    `${layout.idleWorkers} worker processes. Registered on a first hub process in ` +
    `${setupSeconds.register.toFixed(0)} s, measured on a fresh one over the same data; all ` +
    `connected in ${setupSeconds.connect.toFixed(0)} s. Hub open-file limit ${files.limit}; ` +
    `descriptors ${files.before} before connecting, ${files.after} after, ${files.underLoad} ` +
    "at the end of the load. RSS is VmRSS of " +
    "`/proc/<hub>/status` 5 s after the hub started (nothing connected) and 5 s after the last " +
    "device connected, no forced GC. Then the background users' agents (MCP clients in a " +
    `worker process) start \`send_inquiry\` at ${result.load.targetPerSecond}/s on the clock, ` +
    "a random device of the user answering over its socket; after an untimed warm-up the " +
    "probed person's agent (in the bench process) runs one cycle at a time, 20 ms apart: " +
    "`send_inquiry` sent → `inquiry:new` on all 3 devices, one device answers over its socket " +
    "→ `inquiry:withdrawn` on all 3 → tool result. Clock: `performance.timeOrigin + " +
    "performance.now()` in every process. CPU from `/proc/<pid>/stat` over the probe window. " +
    `1-min load average ${loadAverage.start.toFixed(2)} as the window began, ` +
    `${loadAverage.end.toFixed(2)} as it ended.`
  );
}

function rows(result: DevicesMeasured): string[][] {
  const { memory, load, probe, tally, cpuCores } = result;
  const rate = load.window.completed / load.window.seconds;
  const loadReached = rate >= LOAD_RATE_TOLERANCE * load.targetPerSecond;
  const wrong = load.total.wrong + probe.failed;
  const anomalies = [
    wrong,
    tally.duplicateDeliveries + tally.answersRefused,
    tally.missingWithdrawals,
    tally.strayDeliveries,
  ];
  return [
    [
      "hub RSS per connected device",
      `${kb(memory.bytesPerDevice)} KB (VmRSS ${mb(memory.before.rssBytes)} → ` +
        `${mb(memory.after.rssBytes)} MB; anonymous +${mb(memory.after.anonBytes - memory.before.anonBytes)} MB, ` +
        `file-backed +${mb(memory.after.fileBytes - memory.before.fileBytes)} MB)`,
      `1 reading, ${result.devices} devices`,
      `≤ ${RSS_PER_DEVICE_TARGET_KB} KB`,
      verdict(memory.bytesPerDevice / 1024 <= RSS_PER_DEVICE_TARGET_KB),
    ],
    [
      "background load in the window (other users' full cycles)",
      `${rate.toFixed(0)} cycles/s (${load.window.completed} in ${load.window.seconds.toFixed(1)} s; ` +
        `${load.window.skipped} starts skipped, every user busy)`,
      `${load.window.completed} cycles`,
      `≥ ${(LOAD_RATE_TOLERANCE * load.targetPerSecond).toFixed(0)}/s (the goal's ${load.targetPerSecond}/s)`,
      verdict(loadReached),
    ],
    [
      "fan-out: `send_inquiry` sent → `inquiry:new` on all 3 of the person's devices, p50 / p99 / max ms",
      latencies(probe.fanOut),
      `${probe.fanOut.count} of ${probe.requested} (${probe.failed} failed)`,
      `p99 ≤ ${FAN_OUT_P99_TARGET_MS} ms at ≥ ${(LOAD_RATE_TOLERANCE * load.targetPerSecond).toFixed(0)} cycles/s`,
      verdict(probe.fanOut.p99 <= FAN_OUT_P99_TARGET_MS && loadReached && probe.failed === 0),
    ],
    [
      "answer over the socket → `inquiry:withdrawn` on all 3, p50 / p99 / max ms",
      latencies(probe.withdrawn),
      String(probe.withdrawn.count),
      "—",
      "—",
    ],
    [
      "answer → tool result at the person's agent, p50 / p99 / max ms",
      latencies(probe.toolResult),
      String(probe.toolResult.count),
      "—",
      "—",
    ],
    [
      "wrong or failed results / doubled / stale cards / stray deliveries to idle devices",
      anomalies.join(" / "),
      `${load.total.completed + load.total.wrong + probe.fanOut.count + probe.failed} cycles`,
      "all 0",
      verdict(anomalies.every((count) => count === 0)),
    ],
    [
      "CPU over the window, in cores",
      `hub ${cpuCores.hub.toFixed(2)}, load generators ${cpuCores.loadGenerators.toFixed(2)}, ` +
        `everything else on the machine ${cpuCores.other.toFixed(2)}`,
      "—",
      "—",
      "—",
    ],
  ];
}

/** The devices section: heading, how it was measured, and the goal table with pass/miss. */
export function devicesSection(result: DevicesResult): string[] {
  if ("notMeasured" in result)
    return [HEADING, `${result.devices} devices: not measured: ${result.notMeasured}.`];
  const thin = result.probe.fanOut.count < P99_MIN_SAMPLES;
  return [
    HEADING,
    describe(result),
    table(["figure", "measured", "samples", "target", "result"], rows(result)),
    ...(thin
      ? [`† fewer than ${P99_MIN_SAMPLES} samples: that p99 is the largest sample, a maximum.`]
      : []),
  ];
}
