import type { StoreOpsResult } from "../suites/store-ops";
import { table } from "./table";

/** Each store's cycles per second, with the embedded store's share of the memory store's. */
export function storeTable(result: StoreOpsResult): string {
  const memoryRate = (concurrency: number): number =>
    result.rows.find((row) => row.store === "memory" && row.concurrency === concurrency)
      ?.cyclesPerSecond ?? Number.NaN;
  return table(
    ["store", "in flight", "cycles", "cycles/s", "vs memory"],
    result.rows.map((row) => [
      row.store === "memory" ? "memory (tests)" : "embedded LMDB (`npm start`)",
      String(row.concurrency),
      String(row.cycles),
      row.cyclesPerSecond.toFixed(0),
      `${(row.cyclesPerSecond / memoryRate(row.concurrency)).toFixed(2)}×`,
    ]),
  );
}
