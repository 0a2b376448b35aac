import { describe, expect, it } from "vitest";
import { loadConfig } from "./env";

describe("tracing configuration (OTEL_*)", () => {
  it("is off unless an OTLP endpoint is set", () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_SERVICE_NAME: "hub-eu" }).tracing).toBeUndefined();
  });

  it("sends traces to <endpoint>/v1/traces as inquiry-hub by default", () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).tracing).toEqual({
      tracesUrl: "http://collector:4318/v1/traces",
      serviceName: "inquiry-hub",
    });
  });

  it("uses the traces endpoint as is, over the base one, with OTEL_SERVICE_NAME", () => {
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://traces.example/otlp",
        OTEL_SERVICE_NAME: "hub-eu",
      }).tracing,
    ).toEqual({ tracesUrl: "https://traces.example/otlp", serviceName: "hub-eu" });
  });

  it.each(["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"])(
    "refuses a %s that is not an http(s) URL, naming the variable",
    (variable) => {
      expect(() => loadConfig({ [variable]: "collector:4318" })).toThrow(
        new RegExp(`${variable}: must be an http\\(s\\) URL`),
      );
      expect(() => loadConfig({ [variable]: "file:///etc/passwd" })).toThrow(variable);
    },
  );
});
