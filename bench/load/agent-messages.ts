/**
 * The IPC vocabulary between the devices suite and an agent worker (load/agent-worker.ts),
 * the process whose MCP clients keep the background `send_inquiry` load running.
 */
import type { PacedCounts } from "../lib/paced-loop";

export type ToAgentWorker =
  /** Connect one MCP client per token (one background user each). */
  | { type: "connect"; hubUrl: string; tokens: string[] }
  /** Start the paced loop; it stops launching by itself after `maxSeconds`. */
  | { type: "start"; ratePerSecond: number; maxSeconds: number }
  /** Begin the measured window: counts from here on are the window's. */
  | { type: "mark" }
  /** Stop launching, wait for the cycles in flight, report. */
  | { type: "stop" };

/** The background load inside the measured window (from `mark` to `stop`). */
export interface LoadWindow extends PacedCounts {
  seconds: number;
}

export type FromAgentWorker =
  | { type: "connected" }
  | { type: "marked" }
  /** `total` counts from `start`, warm-up included (wrong results there count too). */
  | { type: "stopped"; window: LoadWindow; total: PacedCounts }
  | { type: "failed"; message: string };
