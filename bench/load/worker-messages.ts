/**
 * The IPC vocabulary between bench/run.ts and a device worker. Timestamps are `wallNow()`
 * milliseconds, comparable across processes.
 */

/** One device a worker connects: the server, its handshake auth and the user it belongs to. */
export interface DeviceSpec {
  url: string;
  auth: Record<string, string>;
  userId: string;
}

/**
 * How a worker reacts to events. `report`: tell the parent once *every* device of this worker
 * received an inquiry's `inquiry:new` / `inquiry:withdrawn` (fan-out and resolution runs).
 * `auto-answer`: on a user's `inquiry:new`, one random device of that user answers over its
 * socket (throughput runs), and delivery anomalies are counted. `idle`: devices no inquiry is
 * meant for (the devices suite's connected crowd); any inquiry event they receive is counted as
 * stray, since the hub must only ever reach the asking person's devices.
 */
export type WorkerMode = "report" | "auto-answer" | "idle";

export type ToWorker =
  | { type: "connect"; devices: DeviceSpec[]; mode: WorkerMode }
  | { type: "answer"; device: number; inquiryId: string }
  | { type: "tally" }
  | { type: "close" };

/** Delivery bookkeeping of an auto-answer run; every anomaly count must be 0. */
export interface Tally {
  answersSent: number;
  answersAccepted: number;
  answersRefused: number;
  /** inquiry:new or inquiry:withdrawn seen more than once by one device. */
  duplicateDeliveries: number;
  /** Inquiries answered here whose inquiry:withdrawn did not reach every device of the user. */
  missingWithdrawals: number;
  /** inquiry:new or inquiry:withdrawn received by an `idle` device, which no inquiry targets. */
  strayDeliveries: number;
}

/** A tally with nothing counted yet. */
export function emptyTally(): Tally {
  return {
    answersSent: 0,
    answersAccepted: 0,
    answersRefused: 0,
    duplicateDeliveries: 0,
    missingWithdrawals: 0,
    strayDeliveries: 0,
  };
}

/** Several workers' (or pools') tallies added up. */
export function addTallies(tallies: Tally[]): Tally {
  const sum = emptyTally();
  for (const tally of tallies)
    for (const key of Object.keys(sum) as (keyof Tally)[]) sum[key] += tally[key];
  return sum;
}

export type FromWorker =
  | { type: "connected"; count: number }
  | { type: "all"; event: "inquiry:new" | "inquiry:withdrawn"; inquiryId: string; lastAt: number }
  | { type: "answered"; inquiryId: string; accepted: boolean; sentAt: number }
  | { type: "tally"; tally: Tally }
  | { type: "failed"; message: string };
