import { z } from "zod";
import { MAX_TIMEOUT_SECONDS } from "../kernel/timeout-limits";

/**
 * The shapes the hub's variables share, one builder each, so the area schemas (`*-env.ts`)
 * state only each variable's bound, default and description. Every builder coerces, since
 * the environment holds text.
 */

/** A duration in seconds, above 0 and at most `max`. */
export const secondsUpTo = (max: number, fallback: number) =>
  z.coerce.number().positive().max(max).default(fallback);

/** A duration in seconds within the longest timeout the hub accepts anywhere. */
export const seconds = (fallback: number) => secondsUpTo(MAX_TIMEOUT_SECONDS, fallback);

/** A whole count above 0: a rate limit's budget or a cap on how much the hub holds at once. */
export const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A per-credential cap: unset, it takes its share of the per-user cap (`limits-env.ts`). */
export const credentialCap = z.coerce.number().int().positive().optional();

/** A switch spelled `0` or `1`, read as a boolean. */
export const flag = (fallback: boolean) =>
  z
    .enum(["0", "1"])
    .default(fallback ? "1" : "0")
    .transform((value) => value === "1");

/** The entries of a comma-separated list, trimmed, empty ones dropped. */
export function commaSeparated(list: string): string[] {
  return list
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** An Error of the hub's configuration, worded as every refusal to start is. */
export function configError(problem: string, cause?: unknown): Error {
  return new Error(`invalid hub configuration: ${problem}`, cause === undefined ? {} : { cause });
}

/** `read()`'s value; anything it throws becomes a configuration Error, led by `subject`. */
export function readOrRefuse<T>(read: () => T, subject?: string): T {
  try {
    return read();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw configError(subject === undefined ? reason : `${subject}: ${reason}`, error);
  }
}

/**
 * Two variables that only work together: both values, or undefined when neither is set; an
 * Error naming both when only one is, since half of such a pair cannot work.
 */
export function bothOrNeither<A, B>(
  first: { name: string; value: A | undefined },
  second: { name: string; value: B | undefined },
): [A, B] | undefined {
  if (first.value === undefined && second.value === undefined) return undefined;
  if (first.value === undefined || second.value === undefined)
    throw configError(`set both ${first.name} and ${second.name}, or neither`);
  return [first.value, second.value];
}
