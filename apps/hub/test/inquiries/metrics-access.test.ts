import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { parsePrometheusText, valueOf } from "@inquiry-hub/test-kit";

const TOKEN = randomBytes(24).toString("hex");

/** Who may read `/metrics`, and where: every refusal is a real request to a real hub. */
describe("/metrics protection", () => {
  let testHub: TestHub | undefined;
  afterEach(async () => {
    await testHub?.close();
    testHub = undefined;
  });

  function get(base: URL, path: string, token?: string): Promise<Response> {
    return fetch(new URL(path, base), {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
  }

  it("is a 404 on the main port unless configured", async () => {
    testHub = await startTestHub();
    expect((await get(testHub.url, "/metrics")).status).toBe(404);
    expect((await get(testHub.url, "/metrics", TOKEN)).status).toBe(404);
    expect(testHub.hub.metricsUrl()).toBeUndefined();
  });

  it("with METRICS_TOKEN: 401 without it, with a wrong one or in the query; 200 with it", async () => {
    testHub = await startTestHub({ metrics: { kind: "main-port", token: TOKEN } });
    const missing = await get(testHub.url, "/metrics");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect((await get(testHub.url, "/metrics", `${TOKEN.slice(1)}x`)).status).toBe(401);
    expect((await get(testHub.url, "/metrics", TOKEN.slice(0, -1))).status).toBe(401);
    const inQuery = await get(testHub.url, `/metrics?access_token=${TOKEN}`);
    expect(inQuery.status).toBe(401);
    expect(await inQuery.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    expect((await get(testHub.url, `/metrics?token=${TOKEN}`, TOKEN)).status).toBe(401);
    const session = await testHub.registerUser();
    expect((await get(testHub.url, "/metrics", session.token)).status).toBe(401);

    const allowed = await get(testHub.url, "/metrics", TOKEN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(allowed.headers.get("cache-control")).toBe("no-store");
    const samples = parsePrometheusText(await allowed.text());
    expect(valueOf(samples, "inquiry_hub_connected_devices")).toBe(0);
    expect(samples.some((sample) => sample.name.startsWith("nodejs_eventloop_lag"))).toBe(true);
  });

  it("with METRICS_PORT: its own loopback listener by default, nothing on the main port", async () => {
    const config = loadConfig({ METRICS_PORT: "0", HUB_STORE: "memory" });
    expect(config.metrics).toEqual({ kind: "own-port", port: 0, host: "127.0.0.1" });
    testHub = await startTestHub({ metrics: config.metrics });
    const metricsUrl = testHub.hub.metricsUrl();
    if (metricsUrl === undefined) throw new Error("no metrics listener");
    expect(metricsUrl.hostname).toBe("127.0.0.1");
    expect(metricsUrl.port).not.toBe(testHub.url.port);
    expect((await get(testHub.url, "/metrics")).status).toBe(404);
    expect((await get(metricsUrl, "/metrics")).status).toBe(200);
    expect((await get(metricsUrl, "/api/health")).status).toBe(404);
    expect((await get(metricsUrl, "/metrics?debug=1")).status).toBe(401);
  });

  it("with METRICS_PORT and METRICS_TOKEN: the separate listener wants the token too", async () => {
    const config = loadConfig({ METRICS_PORT: "0", METRICS_TOKEN: TOKEN, HUB_STORE: "memory" });
    testHub = await startTestHub({ metrics: config.metrics });
    const metricsUrl = testHub.hub.metricsUrl();
    if (metricsUrl === undefined) throw new Error("no metrics listener");
    expect((await get(metricsUrl, "/metrics")).status).toBe(401);
    expect((await get(metricsUrl, "/metrics", TOKEN)).status).toBe(200);
    expect((await get(testHub.url, "/metrics", TOKEN)).status).toBe(404);
  });

  it("refuses bad settings, naming the variable", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: at least 32 characters/,
    );
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT: /);
    expect(() => loadConfig({ METRICS_HOST: "0.0.0.0" })).toThrow(
      /METRICS_HOST needs METRICS_PORT/,
    );
    expect(loadConfig({ HUB_STORE: "memory" }).metrics).toEqual({ kind: "off" });
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({
      kind: "main-port",
      token: TOKEN,
    });
  });
});
