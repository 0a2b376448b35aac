import { describe, expect, it } from "vitest";
import { MetricsEnvSchema, metricsExposure } from "./metrics-env";

const TOKEN = "t".repeat(32);

/** Where `/metrics` goes for `env`, as the hub and the agent read it. */
const exposureOf = (env: Record<string, string>) => metricsExposure(MetricsEnvSchema.parse(env));

describe("metrics configuration (METRICS_*)", () => {
  it("is off unless set; empty counts as unset", () => {
    expect(exposureOf({})).toEqual({ ok: true, exposure: { kind: "off" } });
    expect(exposureOf({ METRICS_TOKEN: "", METRICS_PORT: "", METRICS_HOST: "" })).toEqual({
      ok: true,
      exposure: { kind: "off" },
    });
  });

  it("serves the main port with a token alone, its own loopback listener with a port", () => {
    expect(exposureOf({ METRICS_TOKEN: TOKEN })).toEqual({
      ok: true,
      exposure: { kind: "main-port", token: TOKEN },
    });
    expect(exposureOf({ METRICS_PORT: "9464", METRICS_TOKEN: TOKEN })).toEqual({
      ok: true,
      exposure: { kind: "own-port", port: 9464, host: "127.0.0.1", token: TOKEN },
    });
    expect(exposureOf({ METRICS_PORT: "0", METRICS_HOST: "0.0.0.0" })).toEqual({
      ok: true,
      exposure: { kind: "own-port", port: 0, host: "0.0.0.0", token: undefined },
    });
  });

  it("returns METRICS_HOST without METRICS_PORT as a problem", () => {
    expect(exposureOf({ METRICS_HOST: "0.0.0.0" })).toEqual({
      ok: false,
      problem: "METRICS_HOST needs METRICS_PORT (the separate metrics listener)",
    });
  });

  it("refuses a short token and a port out of range, naming the variable", () => {
    const problems = MetricsEnvSchema.safeParse({
      METRICS_TOKEN: "short",
      METRICS_PORT: "70000",
    }).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(problems?.[0]).toBe("METRICS_TOKEN: at least 32 characters");
    expect(problems?.[1]).toMatch(/^METRICS_PORT: /);
  });
});
