import { medianOfRuns } from "../lib/stats";
import type { Percentiles } from "../lib/stats";
import type { CycleRun, FanOutResult } from "../suites/fan-out";
import type { BenchResults, NotMeasured } from "./results";
import type { ThroughputResult } from "../suites/throughput";
import { cycleTable } from "./cycle-table";
import { reattachTable } from "./reattach-table";
import { storeTable } from "./store-table";
import { table } from "./table";

/** The targets; a row is judged only where the issue sets one. */
const FAN_OUT_RATIO_TARGET: Record<number, number> = { 10: 3, 1000: 1.3 };
const RESOLUTION_P99_TARGET_MS = { devices: 10, ms: 10 };
const ONE_NODE_RESOLUTIONS_PER_SECOND = 1000;
const TWO_NODE_SPEED_UP = 1.5;
const MEMORY_RATIO_TARGET = 1.3;
const PARSER_RATIO_TARGET = 0.8;

const ms = (value: number): string =>
  Number.isNaN(value) ? "—" : value.toFixed(value < 10 ? 2 : 1);
const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "—");
const verdict = (ok: boolean | undefined): string =>
  ok === undefined ? "—" : ok ? "pass" : "**miss**";

const MODE_NOTES: Record<BenchResults["mode"], string> = {
  full: "> Full run (`npm run bench`).",
  quick:
    "> **Quick run** (`npm run bench -- --quick`): reduced sizes and durations; not the figures to quote.",
  smoke:
    "> **Smoke run** (`npm run bench -- --smoke`, part of `npm test`): toy sizes on a busy machine; it checks that every suite runs, its timings mean nothing.",
};

/** Below this many samples a run's nearest-rank p99 is simply its largest sample. */
const P99_MIN_SAMPLES = 100;

/** The median of the runs' percentiles, with how many runs and samples per run it rests on. */
interface Summary extends Percentiles {
  runs: number;
  /** The smallest sample count of any run (runs of one row normally have equal counts). */
  perRun: number;
}

function summary(runs: CycleRun[], pick: (run: CycleRun) => Percentiles | undefined): Summary {
  const picked = runs.flatMap((run) => pick(run) ?? []);
  const perRun = picked.length === 0 ? 0 : Math.min(...picked.map((run) => run.count));
  return { ...medianOfRuns(picked), runs: picked.length, perRun };
}

/** A p99 cell; `†` when the runs had too few samples for p99 to differ from the maximum. */
function p99(figures: Summary): string {
  return figures.perRun < P99_MIN_SAMPLES ? `${ms(figures.p99)}†` : ms(figures.p99);
}

/** "runs × samples per run" of one side of a row. */
function samples(figures: Summary): string {
  return `${figures.runs} × ${figures.perRun}`;
}

const P99_NOTE =
  `† fewer than ${P99_MIN_SAMPLES} samples per run: that p99 is each run's largest sample ` +
  "(nearest rank), i.e. a maximum, not a 99th percentile.";

function cpuMedian(runs: CycleRun[]): number {
  const sorted = runs.map((run) => run.cpuUsPerMessage).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function fanOutTable(results: FanOutResult[]): string {
  const rows = results.map((result) => {
    const hub = summary(result.hub, (run) => run.fanOut);
    const base = summary(result.baseline, (run) => run.fanOut);
    const target = FAN_OUT_RATIO_TARGET[result.devices];
    const p50Ratio = hub.p50 / base.p50;
    const p99Ratio = hub.p99 / base.p99;
    return [
      String(result.devices),
      `${samples(base)} / ${samples(hub)}`,
      `${ms(base.p50)} / ${p99(base)} / ${ms(base.max)}`,
      `${ms(hub.p50)} / ${p99(hub)} / ${ms(hub.max)}`,
      `${ratio(p50Ratio)} / ${ratio(p99Ratio)}`,
      target === undefined ? "—" : `≤ ${target}×`,
      verdict(target === undefined ? undefined : p50Ratio <= target && p99Ratio <= target),
      `${cpuMedian(result.baseline).toFixed(0)} / ${cpuMedian(result.hub).toFixed(0)}`,
    ];
  });
  return table(
    [
      "N devices",
      "runs × samples base / hub",
      "baseline p50 / p99 / max ms",
      "hub p50 / p99 / max ms",
      "hub/baseline p50 / p99",
      "target",
      "result",
      "server CPU µs/msg base / hub",
    ],
    rows,
  );
}

function resolutionTable(results: FanOutResult[], sizes: number[]): string {
  const rows = results
    .filter((result) => sizes.includes(result.devices))
    .flatMap((result) =>
      (["http", "socket"] as const).map((channel) => {
        const key = channel === "http" ? "withdrawnHttp" : "withdrawnSocket";
        const toolKey = channel === "http" ? "toolResultHttp" : "toolResultSocket";
        const hub = summary(result.hub, (run) => run[key]);
        const base = summary(result.baseline, (run) => run[key]);
        const tool = summary(result.hub, (run) => run[toolKey]);
        const judged = result.devices === RESOLUTION_P99_TARGET_MS.devices;
        const limit = RESOLUTION_P99_TARGET_MS.ms;
        return [
          String(result.devices),
          channel === "http" ? "HTTP POST" : "socket ack",
          `${samples(base)} / ${samples(hub)}`,
          `${ms(base.p50)} / ${p99(base)}`,
          `${ms(hub.p50)} / ${p99(hub)}`,
          ratio(hub.p99 / base.p99),
          `${ms(tool.p50)} / ${p99(tool)}`,
          judged ? `p99 ≤ ${limit} ms` : "—",
          verdict(judged ? hub.p99 <= limit && tool.p99 <= limit : undefined),
        ];
      }),
    );
  return table(
    [
      "N",
      "answer via",
      "runs × samples base / hub",
      "baseline → last withdrawn p50 / p99 ms",
      "hub → last withdrawn p50 / p99 ms",
      "hub/baseline p99",
      "hub → tool result p50 / p99 ms",
      "target",
      "result",
    ],
    rows,
  );
}

function isMeasured(row: ThroughputResult | NotMeasured): row is ThroughputResult {
  return !("notMeasured" in row);
}

function throughputTable(rows: (ThroughputResult | NotMeasured)[]): string {
  const oneNode = new Map(
    rows
      .filter(isMeasured)
      .filter((row) => row.nodes === 1)
      .map((row) => [row.users, row]),
  );
  return table(
    [
      "users × 3 devices",
      "nodes",
      "resolutions in window",
      "resolutions/s",
      "lost",
      "doubled",
      "stale cards",
      "CPU cores hub / devices / agents",
      "target",
      "result",
    ],
    rows.map((row) => {
      const target =
        row.nodes === 1
          ? `≥ ${ONE_NODE_RESOLUTIONS_PER_SECOND}/s, 0 lost, 0 doubled`
          : `≥ ${TWO_NODE_SPEED_UP}× one node, 0 lost, 0 doubled`;
      if (!isMeasured(row))
        return [
          String(row.users),
          String(row.nodes),
          "—",
          `not measured: ${row.notMeasured}`,
          "—",
          "—",
          "—",
          "—",
          target,
          "—",
        ];
      const lost = row.lost + row.wrongResults;
      const doubled = row.tally.duplicateDeliveries + row.tally.answersRefused;
      const floor =
        row.nodes === 1
          ? ONE_NODE_RESOLUTIONS_PER_SECOND
          : TWO_NODE_SPEED_UP * (oneNode.get(row.users)?.resolutionsPerSecond ?? Number.NaN);
      const cores = row.cpuCores;
      return [
        String(row.users),
        String(row.nodes),
        `${row.resolutions} in ${row.seconds} s`,
        row.resolutionsPerSecond.toFixed(0),
        String(lost),
        String(doubled),
        String(row.tally.missingWithdrawals),
        `${cores.hub.toFixed(2)} / ${cores.devices.toFixed(2)} / ${cores.agents.toFixed(2)}`,
        target,
        verdict(
          row.resolutionsPerSecond >= floor &&
            lost === 0 &&
            doubled === 0 &&
            row.tally.missingWithdrawals === 0,
        ),
      ];
    }),
  );
}

function memoryTable(results: BenchResults["memory"]): string {
  return table(
    [
      "connected devices",
      "baseline KB/device",
      "hub KB/device",
      "hub/baseline",
      "target",
      "result",
    ],
    results.map((result) => {
      const memoryRatio = result.hub.bytesPerDevice / result.baseline.bytesPerDevice;
      return [
        String(result.devices),
        (result.baseline.bytesPerDevice / 1024).toFixed(1),
        (result.hub.bytesPerDevice / 1024).toFixed(1),
        ratio(memoryRatio),
        `≤ ${MEMORY_RATIO_TARGET}×`,
        verdict(memoryRatio <= MEMORY_RATIO_TARGET),
      ];
    }),
  );
}

function parserTable(parser: NonNullable<BenchResults["parser"]>): string {
  const parserRatio = parser.protocol.chunksPerSecond / parser.baseline.chunksPerSecond;
  const row = (name: string, side: typeof parser.protocol): string[] => [
    name,
    side.chunksPerSecond.toFixed(0),
    side.megabytesPerSecond.toFixed(1),
  ];
  return table(
    ["consumer", "chunks/s", "MB/s", "ratio", "target", "result"],
    [
      [...row("eventsource-parser + JSON.parse", parser.baseline), "1.00×", "—", "—"],
      [
        ...row("eventsource-parser + parseAgentSseData", parser.protocol),
        ratio(parserRatio),
        `≥ ${PARSER_RATIO_TARGET}×`,
        verdict(parserRatio >= PARSER_RATIO_TARGET),
      ],
    ],
  );
}

/** Renders results as the markdown the README links to, with targets and pass/miss. */
export function renderMarkdown(results: BenchResults, resolutionSizes: number[]): string {
  const { machine } = results;
  const sections = [
    `# Inquiry Hub benchmark, ${results.date} (${results.mode} run)`,
    MODE_NOTES[results.mode],
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.ramGiB} GiB RAM, Node ${machine.node}, ${machine.os}. ` +
      `1-min load average ${machine.loadAverage.start.toFixed(2)} at start, ${machine.loadAverage.end.toFixed(2)} at end ` +
      "(anything above ~0.5 means other work shared the CPU and the latencies are noisy).",
    "All figures are the median over interleaved runs (baseline, hub, baseline, hub, …) of each run's percentile. " +
      "Clock: `performance.timeOrigin + performance.now()` in every process. Hub fan-out starts when the MCP client sends " +
      "`send_inquiry`; baseline fan-out starts at the bare Socket.IO server's emit.",
  ];
  if (results.fanOut.length > 0) {
    sections.push(
      "## 1. Fan-out: call sent → `inquiry:new` at the last of N devices",
      fanOutTable(results.fanOut),
    );
    sections.push(
      "## 2. Resolution: answer sent → `inquiry:withdrawn` at the last device / → tool result",
      resolutionTable(results.fanOut, resolutionSizes),
      P99_NOTE,
    );
  }
  if (results.throughput.length > 0)
    sections.push(
      "## 3. Throughput (one pending inquiry per user, a random device answers)",
      throughputTable(results.throughput),
    );
  if (results.memory.length > 0)
    sections.push(
      "## 4. Memory: RSS growth per connected device (one reading per side and size)",
      memoryTable(results.memory),
    );
  if (results.parser !== undefined)
    sections.push(
      `## 5. Parser: ${results.parser.chunks} SSE chunks (${(results.parser.bytes / 1e6).toFixed(1)} MB), ` +
        `median of ${results.parser.iterations} timed passes per consumer`,
      parserTable(results.parser),
    );
  if (results.store !== undefined)
    sections.push(
      "## 6. Store: inquiry life cycles (insert → get → resolve) per second, in process",
      storeTable(results.store),
    );
  if (results.reattach !== undefined)
    sections.push(
      "## 7. Re-attach: `GET /v1/runs/:id/events` sent → first replayed event / → headers",
      "Background runs of the demo model, each held by its unanswered question; the built hub, " +
        "demo-tools and agent(s). One re-attach at a time with a device token of the run's owner, " +
        "the two kinds alternating, after one untimed pass over every run. The stream has no " +
        "heartbeat of its own (the hub's inquiry heartbeats reach the log every 10 s: waiting " +
        "for one would time that period), so with nothing to replay the headers, sent once the " +
        "live listener is attached, are what is timed. Clock: `performance.now()` in the bench " +
        "process.",
      reattachTable(results.reattach),
    );
  if (results.cycle !== undefined) {
    const { users, devicesPerUser, seconds, rounds, warmUpSeconds } = results.cycle;
    sections.push(
      "## 8. Cycle: server CPU per full inquiry cycle",
      `${users} users × ${devicesPerUser} devices; each user's agent loops (the hub: MCP \`send_inquiry\` ` +
        "with a progress token; the floor: a `POST /cycle` a bare Node HTTP + Socket.IO server holds " +
        "until a device answers), one random device of the user answers over its socket, every " +
        "device gets `inquiry:new` and `inquiry:withdrawn`. Server CPU is user + system time of the " +
        "listed processes from `/proc/<pid>/stat` (10 ms ticks) over each window, so the load " +
        `generators' share of the machine does not count. Each side first runs ${warmUpSeconds} s ` +
        `untimed (the hub's cost per cycle falls for ~15 s while the JIT settles), then ${rounds} ` +
        `interleaved round(s) of ${seconds} s per side after a 1 s ramp each; the median window's ` +
        "ms per cycle.",
      cycleTable(results.cycle),
    );
  }
  return `${sections.join("\n\n")}\n`;
}
