import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HUB_CONFIG } from "../../src/index";
import { checkHaproxyConfig, renderHaproxyConfig, startHaproxy } from "@inquiry-hub/test-kit";
import type { HaproxyConfigOptions, TestHaproxy } from "@inquiry-hub/test-kit";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

const LISTEN = { host: "127.0.0.1", port: 8080 };
const THREE_NODES: HaproxyConfigOptions = {
  listen: LISTEN,
  servers: [4000, 4001, 4002].map((port) => ({ name: `hub-${port}`, host: "127.0.0.1", port })),
  longestHoldSeconds: 86_410,
  statsSocketPath: "/tmp/haproxy-config-test.sock",
};

describe("the HAProxy config for hub nodes", () => {
  it("is accepted by haproxy -c, for one node, three, and an IPv6 node", async () => {
    await checkHaproxyConfig(renderHaproxyConfig(THREE_NODES));
    await checkHaproxyConfig(
      renderHaproxyConfig({
        ...THREE_NODES,
        trustedForwarders: ["127.0.0.1", "::1", "10.0.0.0/8"],
      }),
    );
    await checkHaproxyConfig(
      renderHaproxyConfig({
        listen: { host: "::1", port: 8080 },
        servers: [{ name: "hub", host: "::1", port: 4000 }],
        longestHoldSeconds: 130,
      }),
    );
  });

  it("keeps held calls and pinned sessions above the longest hold", () => {
    const config = renderHaproxyConfig(THREE_NODES);
    for (const line of ["timeout client 86440s", "timeout server 86440s", "expire 86440s"])
      expect(config).toContain(line);
    expect(config).toContain("option httpchk GET /api/ready");
    expect(config).toContain("stick store-response res.hdr(mcp-session-id)");
  });

  it("refuses options that would break out of their line, naming them", () => {
    const injected = { ...THREE_NODES, servers: [{ name: "a\n  bind :80", host: "h", port: 1 }] };
    expect(() => renderHaproxyConfig(injected)).toThrow(/server name "a\n {2}bind :80" must match/);
    const twice = { ...THREE_NODES, servers: [THREE_NODES.servers[0], THREE_NODES.servers[0]] };
    expect(() => renderHaproxyConfig(twice as HaproxyConfigOptions)).toThrow(/used twice/);
    expect(() => renderHaproxyConfig({ ...THREE_NODES, longestHoldSeconds: 0 })).toThrow(
      /longestHoldSeconds must be above 0/,
    );
    expect(() =>
      renderHaproxyConfig({ ...THREE_NODES, listen: { host: "127.0.0.1", port: 70_000 } }),
    ).toThrow(/listen port 70000/);
    expect(() =>
      renderHaproxyConfig({ ...THREE_NODES, trustedForwarders: ["10.0.0.0/8 0.0.0.0/0"] }),
    ).toThrow(/trusted forwarder "10.0.0.0\/8 0.0.0.0\/0" is not an IP address or CIDR range/);
  });
});

/** Tries one failed login per address through `entry`, sending it as X-Forwarded-For. */
async function loginStatuses(entry: URL, addresses: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const address of addresses) {
    const response = await fetch(new URL("/api/auth/login", entry), {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ username: "nobody", password: "wrong password" }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

/**
 * A hub trusting its loopback proxy (the default HUB_TRUSTED_PROXIES) behind HAProxy: the
 * per-address login limit counts the address HAProxy saw, unless the request came from a
 * trusted forwarder (the web server), whose X-Forwarded-For names the browser.
 */
describe("a hub behind HAProxy sees the real client address", () => {
  const LOGINS_PER_MINUTE = 3;
  let hub: TestHub;
  let strict: TestHaproxy;
  let behindWeb: TestHaproxy;

  beforeAll(async () => {
    hub = await startTestHub({
      rateLimits: { ...DEFAULT_HUB_CONFIG.rateLimits, loginPerMinute: LOGINS_PER_MINUTE },
    });
    const servers = [{ name: "hub", host: "127.0.0.1", port: Number(hub.url.port) }];
    strict = await startHaproxy({ servers, longestHoldSeconds: 130 });
    behindWeb = await startHaproxy({
      servers,
      longestHoldSeconds: 130,
      trustedForwarders: ["127.0.0.1"],
    });
  });
  afterAll(async () => {
    await strict?.stop();
    await behindWeb?.stop();
    await hub?.close();
  });

  it("counts logins with forged X-Forwarded-For headers against the one real client", async () => {
    const forged = Array.from({ length: LOGINS_PER_MINUTE + 1 }, (_, n) => `203.0.113.${n + 1}`);
    const statuses = await loginStatuses(strict.url, forged);
    expect(statuses.slice(0, LOGINS_PER_MINUTE).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1), "the forged addresses did not buy fresh budgets").toBe(429);
  });

  it("keeps the browser address a trusted web server forwards", async () => {
    const browsers = Array.from({ length: LOGINS_PER_MINUTE + 1 }, (_, n) => `198.51.100.${n + 1}`);
    const statuses = await loginStatuses(behindWeb.url, browsers);
    expect(
      statuses.every((status) => status !== 429),
      "each browser has its own budget",
    ).toBe(true);
  });
});
