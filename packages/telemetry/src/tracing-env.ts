import { z } from "zod";
import type { OtlpTracingConfig } from "./otlp-tracing";
import { unsetIfEmpty } from "./unset-if-empty";

const OptionalHttpUrl = unsetIfEmpty(
  z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
);

/**
 * The standard OpenTelemetry variables the hub and the agent honour; empty counts as unset.
 * Tracing is off unless an OTLP endpoint is set, so an unconfigured service pays for no span.
 */
export const TracingEnvSchema = z.object({
  /** Base URL of an OTLP/HTTP collector; traces go to `<it>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: OptionalHttpUrl,
  /** The full traces URL; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: OptionalHttpUrl,
  /** `service.name` of every span; unset = the app's default. */
  OTEL_SERVICE_NAME: unsetIfEmpty(z.string().min(1)),
});

/**
 * The export configuration, or undefined (tracing off) when neither endpoint is set. As the
 * OpenTelemetry spec says, the signal-specific URL is used as is and the base one gets
 * `/v1/traces` appended.
 *
 * @example
 * tracingExport({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }, "inquiry-hub");
 * // { tracesUrl: "http://collector:4318/v1/traces", serviceName: "inquiry-hub" }
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
