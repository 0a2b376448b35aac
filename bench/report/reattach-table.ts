import type { Percentiles } from "../lib/stats";
import type { ReattachResult } from "../suites/reattach";
import { table } from "./table";

/** Below this many samples nearest-rank p99 is the largest sample; such cells get a `†`. */
const P99_MIN_SAMPLES = 100;

const ms = (value: number): string => value.toFixed(value < 10 ? 2 : 1);

function figures(run: Percentiles): string {
  const p99 = run.count < P99_MIN_SAMPLES ? `${ms(run.p99)}†` : ms(run.p99);
  return `${ms(run.p50)} / ${p99} / ${ms(run.max)}`;
}

const STORE_NAMES = {
  embedded: "embedded LMDB (`npm start`)",
  redis: "Redis, re-attached at the other node",
} as const;

const span = ({ min, max }: { min: number; max: number }): string =>
  min === max ? String(min) : `${min}–${max}`;

const P99_NOTE =
  `† fewer than ${P99_MIN_SAMPLES} samples: that p99 is the row's largest sample (nearest rank), ` +
  "i.e. a maximum, not a 99th percentile.";

/**
 * One line per run store: sample count, full-replay and live-tail latencies; the `†` note
 * follows only when a row has too few samples for a real p99.
 */
export function reattachTable(result: ReattachResult): string {
  const thin = result.rows.some(
    (row) => !("notMeasured" in row) && row.fullReplay.count < P99_MIN_SAMPLES,
  );
  const rendered = table(
    [
      "run store",
      "agent nodes",
      "waiting runs (events in each log)",
      "samples per kind",
      "`Last-Event-ID: 0` → first replayed event p50 / p99 / max ms",
      "`Last-Event-ID: newest` → response headers (live tail attached) p50 / p99 / max ms",
    ],
    result.rows.map((row) =>
      "notMeasured" in row
        ? [
            STORE_NAMES[row.store],
            String(row.agentNodes),
            "—",
            "—",
            `not measured: ${row.notMeasured}`,
            "—",
          ]
        : [
            STORE_NAMES[row.store],
            String(row.agentNodes),
            `${row.runs} (${span(row.logEvents)})`,
            String(row.fullReplay.count),
            figures(row.fullReplay),
            figures(row.liveTail),
          ],
    ),
  );
  return thin ? `${rendered}\n\n${P99_NOTE}` : rendered;
}
