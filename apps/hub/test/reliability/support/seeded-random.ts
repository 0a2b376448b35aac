/**
 * A small seeded PRNG (mulberry32): randomized suites pick the same "random" mix on every
 * run, so a failure reproduces. RELIABILITY_SEED overrides the seed to explore other mixes.
 */
export interface SeededRandom {
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  readonly seed: number;
}

/** RELIABILITY_SEED, when set: the seed of every randomized suite and fast-check property. */
export const SEED_OVERRIDE = readSeed(process.env.RELIABILITY_SEED);

function readSeed(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed))
    throw new Error(`RELIABILITY_SEED must be an integer, not ${value}`);
  return seed;
}

export function seededRandom(seed = SEED_OVERRIDE ?? 20_240_901): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    seed,
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
    pick(items) {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
  };
}
