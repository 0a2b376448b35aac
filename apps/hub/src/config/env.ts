import { z } from "zod";
import {
  MetricsEnvSchema,
  TracingEnvSchema,
  metricsExposure,
  tracingExport,
} from "@inquiry-hub/telemetry";
import { DEFAULT_HUB_CONFIG } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { configError } from "./env-fields";
import { ServerEnvSchema, serverSettings } from "./server-env";
import { InquiryEnvSchema, inquirySettings, timeoutChainError } from "./inquiry-env";
import { LimitsEnvSchema, limitSettings } from "./limits-env";
import { StoreEnvSchema, storeSettings } from "./store-env";
import { ProxyEnvSchema, proxySettings } from "./proxy-env";
import { ChannelsEnvSchema, channelSettings } from "./channels-env";
import { RiskEnvSchema, riskSettings } from "./risk-env";
import { BatchEnvSchema, batchSettings } from "./batch-env";

/**
 * The hub's variables, one schema per area (`*-env.ts`). Each one's `.meta({ description })`
 * is its documentation: the docs' configuration reference is generated from this schema
 * (`docs/scripts/`), in this order, so it cannot drift.
 */
export const EnvSchema = z.object({
  ...MetricsEnvSchema.shape,
  ...TracingEnvSchema.shape,
  ...ServerEnvSchema.shape,
  ...InquiryEnvSchema.shape,
  ...StoreEnvSchema.shape,
  ...ProxyEnvSchema.shape,
  ...ChannelsEnvSchema.shape,
  ...LimitsEnvSchema.shape,
  ...RiskEnvSchema.shape,
  ...BatchEnvSchema.shape,
});

/**
 * Reads and validates the hub's environment; the only place that touches process.env.
 * Empty strings count as unset. Throws an Error naming every bad variable; an invalid proxy
 * configuration file is named down to its bad key, so the hub refuses to start.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): HubConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw configError(problems.join("; "));
  }
  const chain = timeoutChainError(parsed.data);
  if (chain !== undefined) throw chain;
  const limits = limitSettings(parsed.data);
  const server = serverSettings(parsed.data);
  const store = storeSettings(parsed.data, present);
  const metrics = metricsExposure(parsed.data);
  if (!metrics.ok) throw configError(metrics.problem);
  return {
    ...DEFAULT_HUB_CONFIG,
    ...server,
    ...limits,
    ...store,
    ...proxySettings(parsed.data, present),
    ...channelSettings(parsed.data),
    ...inquirySettings(parsed.data),
    ...riskSettings(parsed.data),
    ...batchSettings(parsed.data),
    metrics: metrics.exposure,
    tracing: tracingExport(parsed.data, "inquiry-hub"),
  };
}
