import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { ATTR_SERVICE_INSTANCE_ID, ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import { z } from "zod";

/** An http(s) URL; set but empty (as a .env file may leave it) means unset. */
const OptionalHttpUrl = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
);

/**
 * The standard OpenTelemetry variables the agent honours. Tracing is off unless an OTLP
 * endpoint is set, so an unconfigured agent pays for no span.
 */
export const TracingEnvSchema = z.object({
  /** Base URL of an OTLP/HTTP collector; traces go to `<it>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: OptionalHttpUrl,
  /** The full traces URL; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: OptionalHttpUrl,
  OTEL_SERVICE_NAME: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().optional(),
  ),
});

/** Where and as whom spans are exported. */
export interface OtlpTracingConfig {
  tracesUrl: string;
  serviceName: string;
}

/**
 * The export configuration, or undefined (tracing off) when neither endpoint is set: the
 * signal-specific URL is used as is, the base one gets `/v1/traces` appended (OTLP spec).
 */
export function tracingExport(
  env: z.infer<typeof TracingEnvSchema>,
): OtlpTracingConfig | undefined {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracesUrl =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (base === undefined ? undefined : `${base.replace(/\/+$/, "")}/v1/traces`);
  if (tracesUrl === undefined) return undefined;
  return { tracesUrl, serviceName: env.OTEL_SERVICE_NAME ?? "inquiry-hub-agent" };
}

/**
 * A provider of this agent alone (never registered globally) batching spans to the collector
 * over OTLP/HTTP; the resource names the service and this node (`service.instance.id`).
 */
export function startOtlpTracing(config: OtlpTracingConfig, nodeId: string): TracerProvider {
  return new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.serviceName,
      [ATTR_SERVICE_INSTANCE_ID]: nodeId,
    }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: config.tracesUrl }) }),
    ],
  });
}
