import type { TracerProvider } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider as SdkTracerProvider } from "@opentelemetry/sdk-trace";
import { ATTR_SERVICE_INSTANCE_ID, ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";

/** Where and as whom spans are exported (OTEL_* variables, see tracing-env.ts). */
export interface OtlpTracingConfig {
  /** The OTLP/HTTP traces URL, e.g. http://collector:4318/v1/traces. */
  tracesUrl: string;
  /** `service.name` of every span (OTEL_SERVICE_NAME, else the app's default). */
  serviceName: string;
}

/** A tracer provider exporting to an OTLP collector; `shutdown` flushes what is queued. */
export interface OtlpTracing {
  provider: TracerProvider;
  shutdown(): Promise<void>;
}

/**
 * A provider of this process alone (never registered globally) that batches spans to
 * `config.tracesUrl` over OTLP/HTTP. The resource names the service and this node
 * (`service.instance.id` = `nodeId`), so a backend groups one node's spans.
 */
export function startOtlpTracing(config: OtlpTracingConfig, nodeId: string): OtlpTracing {
  const provider = new SdkTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.serviceName,
      [ATTR_SERVICE_INSTANCE_ID]: nodeId,
    }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: config.tracesUrl }) }),
    ],
  });
  return { provider, shutdown: () => provider.shutdown() };
}
