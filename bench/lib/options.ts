/** What one `npm run bench` invocation measures; `--quick` shrinks every dimension. */
export interface BenchOptions {
  quick: boolean;
  /** Interleaved baseline/hub rounds per measurement (the issue asks for at least 3). */
  rounds: number;
  fanOutSizes: number[];
  /** Sizes at which resolution latency is reported (always a subset of fanOutSizes). */
  resolutionSizes: number[];
  /** Inquiry cycles per run at size N: fewer for big N so a run stays short. */
  samplesFor(devices: number): number;
  throughputUsers: number[];
  throughputSeconds: number;
  memoryDevices: number[];
  parserChunks: number;
  parserIterations: number;
  /** Suites to run; all by default, `--only fan-out,parser` to pick. */
  suites: Set<SuiteName>;
  /** Writes V8 CPU profiles of the hub children into bench/results/profiles. */
  profileHub: boolean;
}

export const SUITE_NAMES = ["fan-out", "throughput", "memory", "parser"] as const;
export type SuiteName = (typeof SUITE_NAMES)[number];

function isSuite(name: string): name is SuiteName {
  return (SUITE_NAMES as readonly string[]).includes(name);
}

/** Parses `--quick`, `--only a,b` and `--cpu-prof`; unknown flags are an error, not ignored. */
export function parseOptions(argv: string[]): BenchOptions {
  const quick = argv.includes("--quick");
  const onlyIndex = argv.indexOf("--only");
  const only = onlyIndex === -1 ? [...SUITE_NAMES] : (argv[onlyIndex + 1] ?? "").split(",");
  const unknown = argv.filter(
    (arg, index) => !["--quick", "--only", "--cpu-prof"].includes(arg) && index !== onlyIndex + 1,
  );
  const badSuite = only.find((name) => !isSuite(name));
  if (unknown.length > 0 || badSuite !== undefined || (onlyIndex !== -1 && only.length === 0)) {
    throw new Error(
      `usage: npm run bench -- [--quick] [--only ${SUITE_NAMES.join(",")}] [--cpu-prof]`,
    );
  }
  return {
    quick,
    rounds: 3,
    fanOutSizes: quick ? [1, 10, 100] : [1, 10, 100, 1000],
    resolutionSizes: quick ? [10, 100] : [10, 1000],
    samplesFor: (devices) => (quick ? (devices >= 100 ? 20 : 40) : devices >= 1000 ? 40 : 100),
    throughputUsers: quick ? [50] : [100, 1000],
    throughputSeconds: quick ? 3 : 10,
    memoryDevices: quick ? [500] : [1000, 5000],
    parserChunks: 10_000,
    parserIterations: quick ? 5 : 15,
    suites: new Set(only.filter(isSuite)),
    profileHub: argv.includes("--cpu-prof"),
  };
}
