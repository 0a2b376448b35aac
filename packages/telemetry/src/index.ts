export { MetricsEnvSchema, metricsExposure } from "./metrics-env";
export type { MetricsExposure } from "./metrics-env";
export { createMetricsRoute } from "./metrics-route";
export type { MetricsRefusal, MetricsRouteOptions, RefuseMetrics } from "./metrics-route";
export { exposeMetrics } from "./expose-metrics";
export type { ExposeMetricsOptions, MetricsEndpoints } from "./expose-metrics";
export { TracingEnvSchema, tracingExport } from "./tracing-env";
export { startOtlpTracing } from "./otlp-tracing";
export type { OtlpTracing, OtlpTracingConfig } from "./otlp-tracing";
