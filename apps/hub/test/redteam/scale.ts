/**
 * Size of the red-team suite, from REDTEAM_SCALE: unset = "small" (the run inside `npm test`),
 * "full" (`npm run test:redteam`). Each attack runs at both sizes; "full" repeats the randomized
 * ones more often, so a hole that shows only now and then is found.
 */
export type RedTeamScale = "small" | "full";

function readScale(value: string | undefined): RedTeamScale {
  if (value === undefined || value === "" || value === "small") return "small";
  if (value === "full") return value;
  throw new Error(`REDTEAM_SCALE must be small or full, not ${value}`);
}

export const REDTEAM_SCALE = readScale(process.env.REDTEAM_SCALE);

/** Every size of the red-team suite in one place. */
export const REDTEAM_SIZES = {
  /** fast-check runs per randomized attack property. */
  fuzzRuns: REDTEAM_SCALE === "full" ? 300 : 30,
  /** Repetitions of an attack whose outcome may depend on timing. */
  repeats: REDTEAM_SCALE === "full" ? 50 : 5,
} as const;
