import type { BenchResults, NotMeasured } from "./results";
import type { ThroughputResult } from "../suites/throughput";
import { cycleTable } from "./cycle-table";
import { devicesSection } from "./devices-table";
import { P99_NOTE, fanOutGoalsTable, fanOutTable, resolutionTable } from "./fan-out-table";
import { ratio, verdict } from "./format";
import { reattachTable } from "./reattach-table";
import { storeTable } from "./store-table";
import { table } from "./table";

/** The targets; a row is judged only where the issue sets one. */
const ONE_NODE_RESOLUTIONS_PER_SECOND = 1000;
const TWO_NODE_SPEED_UP = 1.5;
const MEMORY_RATIO_TARGET = 1.3;
const PARSER_RATIO_TARGET = 0.8;

const MODE_NOTES: Record<BenchResults["mode"], string> = {
  full: "> Full run (`npm run bench`).",
  quick:
    "> **Quick run** (`npm run bench -- --quick`; `npm test` runs it with `--check`): reduced sizes and durations, a shape check; not the figures to quote.",
  smoke:
    "> **Smoke run** (`npm run bench -- --smoke`): toy sizes; it checks that every suite runs, its timings mean nothing.",
};

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

/** Renders results as the markdown docs/benchmarks.md links to, with targets and pass/miss. */
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
      "Issue 20's fan-out goals, from the rows above (median over the runs of each run's percentile):",
      fanOutGoalsTable(results.fanOut),
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
        "with a progress token; the bare floor: a `POST /cycle` a bare Node HTTP + Socket.IO server " +
        "holds until a device answers; the SDK-only floor: the same `send_inquiry` call from the same " +
        "SDK client to a server built on the official MCP SDK alone (`createMcpHandler` + " +
        "`toNodeHandler`, one tool that asks the room over Socket.IO and returns the first answer; " +
        "no auth, no store)), one random device of the user answers over its socket, every " +
        "device gets `inquiry:new` and `inquiry:withdrawn`. Server CPU is user + system time of the " +
        "listed processes from `/proc/<pid>/stat` (10 ms ticks) over each window, so the load " +
        `generators' share of the machine does not count. Each side first runs ${warmUpSeconds} s ` +
        `untimed (the hub's cost per cycle falls for ~15 s while the JIT settles), then ${rounds} ` +
        `interleaved round(s) of ${seconds} s per side after a 1 s ramp each; the median window's ` +
        "ms per cycle.",
      cycleTable(results.cycle),
    );
  }
  if (results.devices !== undefined) sections.push(...devicesSection(results.devices));
  return `${sections.join("\n\n")}\n`;
}
