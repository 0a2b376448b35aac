import { z } from "zod";
import type { OtlpTracingConfig } from "../infra/tracing/otlp-tracer-provider";

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

/**
 * The standard OpenTelemetry variables this hub honours. Tracing is off unless an OTLP
 * endpoint is set, so an unconfigured hub pays for no span.
 */
export const TracingEnvSchema = z.object({
  /** Base URL of an OTLP/HTTP collector; traces go to `<it>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  /** The full traces URL; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
});

/**
 * The export configuration, or undefined (tracing off) when neither endpoint is set. As the
 * OpenTelemetry spec says, the signal-specific URL is used as is and the base one gets
 * `/v1/traces` appended.
 */
export function tracingExport(
  env: z.infer<typeof TracingEnvSchema>,
  defaultServiceName: string,
): OtlpTracingConfig | undefined {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracesUrl =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (base === undefined ? undefined : `${base.replace(/\/+$/, "")}/v1/traces`);
  if (tracesUrl === undefined) return undefined;
  return { tracesUrl, serviceName: env.OTEL_SERVICE_NAME ?? defaultServiceName };
}
