import { z } from "zod";
import { unsetIfEmpty } from "./unset-if-empty";

/** Shortest METRICS_TOKEN accepted: 32 characters keep a guessed token out of reach. */
const MIN_METRICS_TOKEN_LENGTH = 32;

/**
 * Where `/metrics` is served (METRICS_TOKEN, METRICS_PORT, METRICS_HOST):
 * - `off`: nowhere (the default; the route answers 404 like any unknown path);
 * - `main-port`: on the service's own port, only with `Authorization: Bearer <token>`;
 * - `own-port`: on a listener of its own (loopback by default), with the token when one is set.
 */
export type MetricsExposure =
  | { kind: "off" }
  | { kind: "main-port"; token: string }
  | { kind: "own-port"; port: number; host: string; token?: string | undefined };

/**
 * The variables that put `/metrics` somewhere; unset (or empty), it is served nowhere. Spread
 * its `shape` into the app's own env schema so every bad variable is reported together.
 */
export const MetricsEnvSchema = z.object({
  /** Bearer token of `/metrics`; alone, it serves `/metrics` on the main port. */
  METRICS_TOKEN: unsetIfEmpty(
    z.string().min(MIN_METRICS_TOKEN_LENGTH, `at least ${MIN_METRICS_TOKEN_LENGTH} characters`),
  ),
  /** A separate listener serving only `/metrics` (0 = any free port). */
  METRICS_PORT: unsetIfEmpty(z.coerce.number().int().min(0).max(65_535)),
  /** Interface of that listener; loopback unless a scraper elsewhere needs it. */
  METRICS_HOST: unsetIfEmpty(z.string().min(1)),
});

/**
 * Where `/metrics` goes: METRICS_PORT → its own listener (METRICS_HOST, default 127.0.0.1;
 * METRICS_TOKEN, if set, still required there); METRICS_TOKEN alone → the main port; neither →
 * off. METRICS_HOST without METRICS_PORT is a problem rather than silently ignored; it is
 * returned, not thrown, so each app reports it the way it reports its other settings.
 *
 * @example
 * metricsExposure({ METRICS_PORT: 9464 }); // { ok: true, exposure: { kind: "own-port", port: 9464, host: "127.0.0.1", token: undefined } }
 */
export function metricsExposure(
  env: z.infer<typeof MetricsEnvSchema>,
): { ok: true; exposure: MetricsExposure } | { ok: false; problem: string } {
  const { METRICS_TOKEN: token, METRICS_PORT: port, METRICS_HOST: host } = env;
  if (port !== undefined)
    return { ok: true, exposure: { kind: "own-port", port, host: host ?? "127.0.0.1", token } };
  if (host !== undefined)
    return {
      ok: false,
      problem: "METRICS_HOST needs METRICS_PORT (the separate metrics listener)",
    };
  if (token !== undefined) return { ok: true, exposure: { kind: "main-port", token } };
  return { ok: true, exposure: { kind: "off" } };
}
