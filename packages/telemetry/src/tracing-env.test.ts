import { describe, expect, it } from "vitest";
import { TracingEnvSchema, tracingExport } from "./tracing-env";

/** The export configuration of `env`, as the hub and the agent read it. */
function exportOf(env: Record<string, string>, defaultServiceName = "inquiry-hub") {
  return tracingExport(TracingEnvSchema.parse(env), defaultServiceName);
}

/** `variable: message` of each issue, as both apps report a bad variable. */
function problemsOf(env: Record<string, string>): string[] {
  const parsed = TracingEnvSchema.safeParse(env);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("tracing configuration (OTEL_*)", () => {
  it("is off unless an OTLP endpoint is set; empty counts as unset", () => {
    expect(exportOf({})).toBeUndefined();
    expect(exportOf({ OTEL_SERVICE_NAME: "hub-eu" })).toBeUndefined();
    expect(
      exportOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "" }),
    ).toBeUndefined();
  });

  it("sends traces to <endpoint>/v1/traces as the app's default service name", () => {
    expect(exportOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toEqual({
      tracesUrl: "http://collector:4318/v1/traces",
      serviceName: "inquiry-hub",
    });
    expect(
      exportOf(
        { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SERVICE_NAME: "" },
        "inquiry-hub-agent",
      ),
    ).toEqual({ tracesUrl: "http://collector:4318/v1/traces", serviceName: "inquiry-hub-agent" });
  });

  it("uses the traces endpoint as is, over the base one, with OTEL_SERVICE_NAME", () => {
    expect(
      exportOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://traces.example/otlp",
        OTEL_SERVICE_NAME: "hub-eu",
      }),
    ).toEqual({ tracesUrl: "https://traces.example/otlp", serviceName: "hub-eu" });
  });

  it.each(["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"])(
    "refuses a %s that is not an http(s) URL, naming the variable",
    (variable) => {
      for (const value of ["collector:4318", "file:///etc/passwd", "ftp://x"])
        expect(problemsOf({ [variable]: value })).toEqual([`${variable}: must be an http(s) URL`]);
    },
  );
});
