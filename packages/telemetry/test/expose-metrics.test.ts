import { Counter, Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { exposeMetrics } from "../src/expose-metrics";
import type { MetricsEndpoints } from "../src/expose-metrics";
import type { MetricsExposure } from "../src/metrics-env";
import type { MetricsRefusal, RefuseMetrics } from "../src/metrics-route";

const TOKEN = "t".repeat(32);

function registryWithOneCounter(): Registry {
  const registry = new Registry();
  new Counter({ name: "scrapes_total", help: "test counter", registers: [registry] }).inc();
  return registry;
}

describe("exposeMetrics on its own listener", () => {
  let endpoints: MetricsEndpoints | undefined;
  afterEach(async () => {
    await endpoints?.close();
    endpoints = undefined;
  });

  /** The separate listener's base URL, and every refusal handed to the app. */
  async function listen(exposure: MetricsExposure) {
    const refusals: MetricsRefusal[] = [];
    const refuse: RefuseMetrics = (res, refusal) => {
      refusals.push(refusal);
      res.status(401).json({ refused: refusal.reason });
    };
    endpoints = exposeMetrics({ exposure, registry: registryWithOneCounter(), refuse });
    const url = await endpoints.listen();
    if (url === undefined) throw new Error("no metrics listener");
    return { url, refusals };
  }

  const get = (base: URL, path: string, token?: string) =>
    fetch(new URL(path, base), {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  it("serves the registry with the token, and lets the app word each refusal", async () => {
    const { url, refusals } = await listen({
      kind: "own-port",
      port: 0,
      host: "127.0.0.1",
      token: TOKEN,
    });
    const missing = await get(url, "/metrics");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect((await get(url, "/metrics", `${TOKEN}x`)).status).toBe(401);
    expect((await get(url, `/metrics?token=${TOKEN}`, TOKEN)).status).toBe(401);
    expect(refusals.map((refusal) => refusal.reason)).toEqual(["token", "token", "query-string"]);

    const allowed = await get(url, "/metrics", TOKEN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("cache-control")).toBe("no-store");
    expect(await allowed.text()).toMatch(/^scrapes_total 1$/m);
    expect((await get(url, "/health", TOKEN)).status).toBe(404);
  });

  it("needs no token on a listener without one, and mounts nothing on the main port", async () => {
    const { url } = await listen({ kind: "own-port", port: 0, host: "127.0.0.1" });
    expect(url.hostname).toBe("127.0.0.1");
    expect((await get(url, "/metrics")).status).toBe(200);
    expect(endpoints?.router.stack).toHaveLength(0);
  });

  it("listens nowhere when off or on the main port", async () => {
    for (const exposure of [{ kind: "off" }, { kind: "main-port", token: TOKEN }] as const) {
      const refuse: RefuseMetrics = () => undefined;
      endpoints = exposeMetrics({ exposure, registry: new Registry(), refuse });
      expect(await endpoints.listen()).toBeUndefined();
      expect(endpoints.router.stack).toHaveLength(exposure.kind === "off" ? 0 : 1);
      await endpoints.close();
    }
  });
});
