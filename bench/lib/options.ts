/**
 * How big a run is: `full` (the figures in docs/benchmarks.md), `quick` (every suite's shape at a
 * fraction of the full sizes, about two minutes on an idle 2-core machine, so `npm test` can run it
 * in CI as a check; a local look writes `<date>-quick.*`) or `smoke` (toy sizes, nothing written).
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
  /** The `devices` suite (not in the default run): see DevicesSizes. */
  devices: DevicesSizes;
}

/**
 * The `devices` suite: devices connected to one hub node in total (the probed person's 3, the
 * background users' and idle ones), probe cycles measured while the background load runs, and
 * the seconds that load runs untimed first.
 */
export interface DevicesSizes {
  devices: number;
  probeSamples: number;
  warmUpSeconds: number;
}

/** What one `npm run bench` invocation measures. */
export interface BenchOptions extends ModeSizes {
  mode: BenchMode;
  /** Suites to run; DEFAULT_SUITES by default, `--only fan-out,parser` to pick. */
  suites: Set<SuiteName>;
  /** Writes V8 CPU profiles of the hub children into bench/results/profiles. */
  profileHub: boolean;
  /**
   * A run that checks rather than records: it writes nothing to bench/results and fails
   * unless every selected suite measured every row with 0 wrong results. Smoke runs, `--check`
   * (`npm test`) and any run with `CI=true` are checks: a CI machine's figures are noise, and
   * a run there must never leave result files behind.
   */
  check: boolean;
  /** The devices count `--devices <n>` asked for, which then goes into the results' name. */
  devicesFlag?: number;
}

/**
 * Cycles per run alternate HTTP and socket answers, so each resolution row gets half of them.
 * Below 100 samples a run's nearest-rank p99 is its largest sample; the report marks those.
 * A full run takes 100 at N = 1000 too: the issue judges that size's fan-out by its p99.
 */
const MODE_SIZES: Record<BenchMode, ModeSizes> = {
  full: {
    rounds: 3,
    fanOutSizes: [1, 10, 100, 1000],
    resolutionSizes: [10, 1000],
    samplesFor: () => 100,
    throughputUsers: [100, 1000],
    throughputSeconds: 10,
    memoryDevices: [1000, 5000],
    parserChunks: 10_000,
    parserIterations: 15,
    storeCycles: 20_000,
    reattachRuns: 20,
    reattachSamples: 500,
    cycle: { users: 30, seconds: 10, rounds: 3, warmUpSeconds: 20 },
    devices: { devices: 20_000, probeSamples: 1_000, warmUpSeconds: 10 },
  },
  quick: {
    rounds: 2,
    fanOutSizes: [1, 10, 100],
    resolutionSizes: [10, 100],
    samplesFor: (devices) => (devices >= 100 ? 10 : 20),
    throughputUsers: [20],
    throughputSeconds: 2,
    memoryDevices: [200],
    parserChunks: 10_000,
    parserIterations: 5,
    storeCycles: 2_000,
    reattachRuns: 4,
    reattachSamples: 100,
    cycle: { users: 10, seconds: 3, rounds: 1, warmUpSeconds: 3 },
    devices: { devices: 2_000, probeSamples: 200, warmUpSeconds: 5 },
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
    devices: { devices: 300, probeSamples: 20, warmUpSeconds: 1 },
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
  "devices",
] as const;
export type SuiteName = (typeof SUITE_NAMES)[number];

/**
 * What a run without `--only` measures. `devices` (thousands of sockets, minutes of setup, a
 * file-descriptor limit to check) runs only when asked for.
 */
export const DEFAULT_SUITES: readonly SuiteName[] = SUITE_NAMES.filter(
  (suite) => suite !== "devices",
);

function isSuite(name: string): name is SuiteName {
  return (SUITE_NAMES as readonly string[]).includes(name);
}

const SWITCHES = ["--quick", "--smoke", "--cpu-prof", "--check"];
const VALUED = ["--only", "--devices"];

const USAGE =
  "usage: npm run bench -- [--quick | --smoke] [--only " +
  SUITE_NAMES.join(",") +
  "] [--devices <n>] [--cpu-prof] [--check]";

/** The value after a valued flag, or undefined when the flag is absent. */
function valueOf(argv: string[], flag: string): string | undefined {
  const index = argv.indexOf(flag);
  return index === -1 ? undefined : (argv[index + 1] ?? "");
}

/**
 * Parses `--quick` or `--smoke`, `--only a,b`, `--devices n` (the devices suite's size),
 * `--cpu-prof` and `--check`; `env.CI === "true"` makes the run a check as well. Unknown
 * flags, both modes at once, an unknown suite or a `--devices` for a run without that suite
 * are an error, not ignored.
 */
export function parseOptions(
  argv: string[],
  env: Record<string, string | undefined>,
): BenchOptions {
  const quick = argv.includes("--quick");
  const smoke = argv.includes("--smoke");
  const onlyValue = valueOf(argv, "--only");
  const only = onlyValue === undefined ? [...DEFAULT_SUITES] : onlyValue.split(",");
  const devicesValue = valueOf(argv, "--devices");
  const devicesFlag = devicesValue === undefined ? undefined : Number(devicesValue);
  const isValue = (index: number): boolean => index > 0 && VALUED.includes(argv[index - 1]!);
  const unknown = argv.filter(
    (arg, index) => !SWITCHES.includes(arg) && !VALUED.includes(arg) && !isValue(index),
  );
  const badSuite = only.find((name) => !isSuite(name));
  const badDevices =
    devicesFlag !== undefined && (!Number.isSafeInteger(devicesFlag) || devicesFlag <= 0);
  if (
    unknown.length > 0 ||
    badSuite !== undefined ||
    (quick && smoke) ||
    only.length === 0 ||
    badDevices ||
    (devicesFlag !== undefined && !only.includes("devices"))
  ) {
    throw new Error(USAGE);
  }
  const mode: BenchMode = smoke ? "smoke" : quick ? "quick" : "full";
  const sizes = MODE_SIZES[mode];
  return {
    mode,
    ...sizes,
    devices: { ...sizes.devices, ...(devicesFlag === undefined ? {} : { devices: devicesFlag }) },
    suites: new Set(only.filter(isSuite)),
    profileHub: argv.includes("--cpu-prof"),
    check: smoke || argv.includes("--check") || env.CI === "true",
    ...(devicesFlag === undefined ? {} : { devicesFlag }),
  };
}
