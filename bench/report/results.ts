import type { BenchMode } from "../lib/options";
import type { CpuCycleResult } from "../suites/cpu-cycle";
import type { DevicesResult } from "../suites/devices";
import type { FanOutResult } from "../suites/fan-out";
import type { MemoryResult } from "../suites/memory";
import type { ParserResult } from "../suites/parser";
import type { ReattachResult } from "../suites/reattach";
import type { StoreOpsResult } from "../suites/store-ops";
import type { ThroughputResult } from "../suites/throughput";

/** The machine a run measured; numbers only mean something next to it. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  ramGiB: number;
  node: string;
  os: string;
  /** 1-minute load average at start and end: shows how much else was running. */
  loadAverage: { start: number; end: number };
}

/** A row the run could not measure, with the reason (e.g. two nodes without REDIS_URL). */
export interface NotMeasured {
  users: number;
  nodes: number;
  notMeasured: string;
}

/** Everything one `npm run bench` wrote to bench/results/<date>.json. */
export interface BenchResults {
  date: string;
  mode: BenchMode;
  machine: MachineInfo;
  fanOut: FanOutResult[];
  throughput: (ThroughputResult | NotMeasured)[];
  memory: MemoryResult[];
  parser?: ParserResult;
  store?: StoreOpsResult;
  reattach?: ReattachResult;
  cycle?: CpuCycleResult;
  devices?: DevicesResult;
}
