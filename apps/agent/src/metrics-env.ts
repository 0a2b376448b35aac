import { z } from "zod";
import type { MetricsExposure } from "./http/metrics-route";

/** Shortest METRICS_TOKEN accepted: 32 characters keep a guessed token out of reach. */
const MIN_METRICS_TOKEN_LENGTH = 32;

/** An optional variable where set-but-empty (`METRICS_PORT=` in a .env file) means unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The variables that put `/metrics` somewhere; unset, it is served nowhere. */
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
 * off. METRICS_HOST without METRICS_PORT is refused rather than silently ignored.
 */
export function metricsExposure(env: z.infer<typeof MetricsEnvSchema>): MetricsExposure {
  const { METRICS_TOKEN: token, METRICS_PORT: port, METRICS_HOST: host } = env;
  if (port !== undefined) return { kind: "own-port", port, host: host ?? "127.0.0.1", token };
  if (host !== undefined)
    throw new Error("METRICS_HOST needs METRICS_PORT (the separate metrics listener)");
  if (token !== undefined) return { kind: "main-port", token };
  return { kind: "off" };
}
