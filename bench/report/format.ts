/** Cell formats shared by the report's tables. */

/** Milliseconds: two decimals below 10, one above; "—" for a figure nobody measured. */
export const ms = (value: number): string =>
  Number.isNaN(value) ? "—" : value.toFixed(value < 10 ? 2 : 1);

export const ratio = (value: number): string =>
  Number.isFinite(value) ? `${value.toFixed(2)}×` : "—";

/** A judged row's verdict; "—" where the issue sets no target. */
export const verdict = (ok: boolean | undefined): string =>
  ok === undefined ? "—" : ok ? "pass" : "**miss**";

/** Below this many samples a nearest-rank p99 is simply the largest sample. */
export const P99_MIN_SAMPLES = 100;
