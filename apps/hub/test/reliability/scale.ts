import { afterAll, afterEach, onTestFinished } from "vitest";
import type { TaskState } from "vitest";
import { SEED_OVERRIDE } from "./support/seeded-random";

/**
 * The sizes of the reliability suite, from RELIABILITY_SCALE: unset = "small" (the short
 * version `npm test` runs), "full" (`npm run test:reliability`, a few minutes) or "soak"
 * (the full sizes plus the long soak and long-hold runs; documented, run by hand).
 */
export type ReliabilityScale = "small" | "full" | "soak";

function readScale(value: string | undefined): ReliabilityScale {
  if (value === undefined || value === "" || value === "small") return "small";
  if (value === "full" || value === "soak") return value;
  throw new Error(`RELIABILITY_SCALE must be small, full or soak, not ${value}`);
}

export const SCALE = readScale(process.env.RELIABILITY_SCALE);
const large = SCALE !== "small";

/** Every size of the suite in one place, so docs/reliability.md's figures and the runs agree. */
export const SIZES = {
  /** Inquiries raced by 2–5 concurrent answers across two nodes. */
  raceInquiries: large ? 10_000 : 500,
  /** MCP calls answered within ±50 ms of their deadline. */
  deadlineRaces: large ? 1_000 : 100,
  /** Pending MCP calls held by a node that is SIGKILLed. */
  killedPending: large ? 1_000 : 100,
  /** How long the pub/sub connection stays down. */
  pubSubOutageMs: large ? 30_000 : 3_000,
  /** Randomized cross-user attempts. */
  isolationAttempts: large ? 10_000 : 1_000,
  /** fast-check runs per property. */
  fuzzRuns: large ? 300 : 40,
  /** How long a send_inquiry is held with heartbeats (30 min only under soak). */
  longHoldMs: SCALE === "soak" ? 30 * 60_000 : large ? 20_000 : 4_000,
  /** Soak: duration, sockets and inquiries per second (RELIABILITY_SOAK_SECONDS overrides). */
  soakMs: Number(process.env.RELIABILITY_SOAK_SECONDS ?? 600) * 1000,
  soakSockets: 1_000,
  soakInquiriesPerSecond: 10,
} as const;

/** Test timeout for a suite that scales with its size. */
export function budgetMs(smallMs: number, fullMs: number): number {
  return large ? fullMs : smallMs;
}

/**
 * fast-check parameters for one property: `numRuns` runs, seeded by RELIABILITY_SEED when it is
 * set so a seed replays the same inputs. Unset, every run draws new inputs, and a failure prints
 * the seed and path that reproduce it.
 */
export function fuzzed(numRuns: number = SIZES.fuzzRuns): { numRuns: number; seed?: number } {
  return SEED_OVERRIDE === undefined ? { numRuns } : { numRuns, seed: SEED_OVERRIDE };
}

/**
 * Prints one figure line, e.g. `reliability: races 500 inquiries, …`, once the running test has
 * passed. A figure is what the suite vouches for, so a test that fails prints none, wherever in
 * its body the line was written.
 */
export function report(figure: string): void {
  onTestFinished(({ task }) => {
    if (task.result?.state === "pass") print(figure);
  });
}

/**
 * Prints a figure that sums over the tests of the enclosing `describe` (call it in its body;
 * `figure` is read once they all ran), only when every one of them passed.
 */
export function reportAfterAll(figure: () => string): void {
  const states: (TaskState | undefined)[] = [];
  afterEach(({ onTestFinished: whenFinished }) => {
    // Registered from afterEach, so it sees the state after every afterEach hook ran too.
    whenFinished(({ task }) => {
      states.push(task.result?.state);
    });
  });
  afterAll(() => {
    if (states.length > 0 && states.every((state) => state === "pass")) print(figure());
  });
}

function print(figure: string): void {
  console.log(`reliability: ${figure}`);
}
