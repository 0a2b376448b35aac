import { z } from "zod";
import type { MetricsExposure } from "../transport/http/metrics-route";

/** Shortest METRICS_TOKEN accepted: 32 characters keep a guessed token out of reach. */
const MIN_METRICS_TOKEN_LENGTH = 32;

/** The variables that put `/metrics` somewhere; unset, it is served nowhere. */
export const MetricsEnvSchema = z.object({
  /** Bearer token of `/metrics`; alone, it serves `/metrics` on the main port. */
  METRICS_TOKEN: z
    .string()
    .min(MIN_METRICS_TOKEN_LENGTH, `at least ${MIN_METRICS_TOKEN_LENGTH} characters`)
    .optional(),
  /** A separate listener serving only `/metrics` (0 = any free port). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** Interface of that listener; loopback unless a scraper elsewhere needs it. */
  METRICS_HOST: z.string().min(1).optional(),
});

/**
 * Where `/metrics` goes: METRICS_PORT → its own listener (METRICS_HOST, default 127.0.0.1;
 * METRICS_TOKEN, if set, still required there); METRICS_TOKEN alone → the main port; neither →
 * off. METRICS_HOST without METRICS_PORT is refused rather than silently ignored.
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
