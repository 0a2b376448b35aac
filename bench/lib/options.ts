/**
 * How big a run is: `full` (the README's figures), `quick` (a few minutes, for a local look)
 * or `smoke` (CI: every suite once at toy sizes, under a minute, nothing written to disk).
 */
export const BENCH_MODES = ["full", "quick", "smoke"] as const;
export type BenchMode = (typeof BENCH_MODES)[number];

/** The sizes of one mode; `samplesFor` gives the cycles per run at N devices. */
interface ModeSizes {
  rounds: number;
  fanOutSizes: number[];
  resolutionSizes: number[];
  samplesFor(devices: number): number;
  throughputUsers: number[];
  throughputSeconds: number;
  memoryDevices: number[];
  parserChunks: number;
  parserIterations: number;
  /** Inquiry life cycles per store and concurrency in the store suite. */
  storeCycles: number;
  /** Background runs held waiting on their question in the re-attach suite. */
  reattachRuns: number;
  /** Re-attaches of each kind (full replay, live tail) per row; p99 needs ≥ 100. */
  reattachSamples: number;
  /**
   * The `cycle` suite: users (× 3 devices), seconds per window, interleaved rounds, and the
   * untimed load each side gets first (the hub's cost per cycle still falls for ~15 s of JIT).
   */
  cycle: { users: number; seconds: number; rounds: number; warmUpSeconds: number };
}

/** What one `npm run bench` invocation measures. */
export interface BenchOptions extends ModeSizes {
  mode: BenchMode;
  /** Suites to run; all by default, `--only fan-out,parser` to pick. */
  suites: Set<SuiteName>;
  /** Writes V8 CPU profiles of the hub children into bench/results/profiles. */
  profileHub: boolean;
}

/**
 * Cycles per run alternate HTTP and socket answers, so each resolution row gets half of them.
 * Below 100 samples a run's nearest-rank p99 is its largest sample; the report marks those.
 */
const MODE_SIZES: Record<BenchMode, ModeSizes> = {
  full: {
    rounds: 3,
    fanOutSizes: [1, 10, 100, 1000],
    resolutionSizes: [10, 1000],
    samplesFor: (devices) => (devices >= 1000 ? 40 : 100),
    throughputUsers: [100, 1000],
    throughputSeconds: 10,
    memoryDevices: [1000, 5000],
    parserChunks: 10_000,
    parserIterations: 15,
    storeCycles: 20_000,
    reattachRuns: 20,
    reattachSamples: 500,
    cycle: { users: 30, seconds: 10, rounds: 3, warmUpSeconds: 20 },
  },
  quick: {
    rounds: 3,
    fanOutSizes: [1, 10, 100],
    resolutionSizes: [10, 100],
    samplesFor: (devices) => (devices >= 100 ? 20 : 40),
    throughputUsers: [50],
    throughputSeconds: 3,
    memoryDevices: [500],
    parserChunks: 10_000,
    parserIterations: 5,
    storeCycles: 5_000,
    reattachRuns: 8,
    reattachSamples: 200,
    cycle: { users: 30, seconds: 5, rounds: 2, warmUpSeconds: 10 },
  },
  smoke: {
    rounds: 1,
    fanOutSizes: [1, 10],
    resolutionSizes: [10],
    samplesFor: () => 10,
    throughputUsers: [10],
    throughputSeconds: 1,
    memoryDevices: [100],
    parserChunks: 1_000,
    parserIterations: 1,
    storeCycles: 300,
    reattachRuns: 2,
    reattachSamples: 4,
    cycle: { users: 3, seconds: 1, rounds: 1, warmUpSeconds: 1 },
  },
};

export const SUITE_NAMES = [
  "fan-out",
  "throughput",
  "memory",
  "parser",
  "store",
  "reattach",
  "cycle",
] as const;
export type SuiteName = (typeof SUITE_NAMES)[number];

function isSuite(name: string): name is SuiteName {
  return (SUITE_NAMES as readonly string[]).includes(name);
}

const FLAGS = ["--quick", "--smoke", "--only", "--cpu-prof"];

/**
 * Parses `--quick` or `--smoke`, `--only a,b` and `--cpu-prof`; unknown flags, both modes at
 * once or an unknown suite are an error, not ignored.
 */
export function parseOptions(argv: string[]): BenchOptions {
  const quick = argv.includes("--quick");
  const smoke = argv.includes("--smoke");
  const onlyIndex = argv.indexOf("--only");
  const only = onlyIndex === -1 ? [...SUITE_NAMES] : (argv[onlyIndex + 1] ?? "").split(",");
  const isOnlyValue = (index: number): boolean => onlyIndex !== -1 && index === onlyIndex + 1;
  const unknown = argv.filter((arg, index) => !FLAGS.includes(arg) && !isOnlyValue(index));
  const badSuite = only.find((name) => !isSuite(name));
  if (
    unknown.length > 0 ||
    badSuite !== undefined ||
    (quick && smoke) ||
    (onlyIndex !== -1 && only.length === 0)
  ) {
    throw new Error(
      `usage: npm run bench -- [--quick | --smoke] [--only ${SUITE_NAMES.join(",")}] [--cpu-prof]`,
    );
  }
  const mode: BenchMode = smoke ? "smoke" : quick ? "quick" : "full";
  return {
    mode,
    ...MODE_SIZES[mode],
    suites: new Set(only.filter(isSuite)),
    profileHub: argv.includes("--cpu-prof"),
  };
}
