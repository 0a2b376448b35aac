import { cpus, loadavg, release, totalmem, type } from "node:os";
import type { MachineInfo } from "../report/results";

/** Describes this machine; call `finish()` at the end of the run to record the end load. */
export function describeMachine(): { info: MachineInfo; finish(): void } {
  const info: MachineInfo = {
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    ramGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${type()} ${release()}`,
    loadAverage: { start: loadavg()[0] ?? 0, end: 0 },
  };
  return {
    info,
    finish() {
      info.loadAverage.end = loadavg()[0] ?? 0;
    },
  };
}
