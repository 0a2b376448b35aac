import { describe, expect, it } from "vitest";
import { readAgentEnv } from "../env";

describe("agent tracing configuration (OTEL_*)", () => {
  it("is off unless an OTLP endpoint is set; empty counts as unset", () => {
    expect(readAgentEnv({}).tracing).toBeUndefined();
    expect(readAgentEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "" }).tracing).toBeUndefined();
  });

  it("sends traces to <endpoint>/v1/traces as inquiry-hub-agent by default", () => {
    expect(readAgentEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).tracing).toEqual({
      tracesUrl: "http://collector:4318/v1/traces",
      serviceName: "inquiry-hub-agent",
    });
  });

  it("prefers OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and honours OTEL_SERVICE_NAME", () => {
    expect(
      readAgentEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/custom",
        OTEL_SERVICE_NAME: "agent-eu",
      }).tracing,
    ).toEqual({ tracesUrl: "http://collector:4318/custom", serviceName: "agent-eu" });
  });

  it("refuses an endpoint that is not an http(s) URL, naming the variable", () => {
    expect(() => readAgentEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "ftp://x" })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: must be an http\(s\) URL/,
    );
  });
});
