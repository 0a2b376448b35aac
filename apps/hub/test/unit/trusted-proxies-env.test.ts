import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";

describe("HUB_TRUSTED_PROXIES and the per-account login limits", () => {
  it("defaults to loopback, so a web app on the same machine is believed", () => {
    expect(loadConfig({}).trustedProxies).toEqual(["loopback"]);
  });

  it("takes named ranges, addresses and CIDR ranges, and `none`", () => {
    const config = loadConfig({ HUB_TRUSTED_PROXIES: "loopback, 10.0.0.0/8,fd00::1" });
    expect(config.trustedProxies).toEqual(["loopback", "10.0.0.0/8", "fd00::1"]);
    expect(loadConfig({ HUB_TRUSTED_PROXIES: "none" }).trustedProxies).toEqual([]);
  });

  it("refuses to start on an entry it cannot read, naming it", () => {
    expect(() => loadConfig({ HUB_TRUSTED_PROXIES: "loopback,proxy.example" })).toThrow(
      /HUB_TRUSTED_PROXIES\.1: must be loopback, linklocal, uniquelocal, an IP address or a CIDR range/,
    );
  });

  it("reads the failed-login budgets", () => {
    const config = loadConfig({
      HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS_PER_HOUR: "4",
      HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: "40",
    });
    expect(config.rateLimits).toMatchObject({
      loginFailuresPerAccountAddressPerHour: 4,
      loginFailuresPerAccountPerHour: 40,
    });
    expect(() => loadConfig({ HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: "0" })).toThrow(
      /HUB_RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR/,
    );
  });
});
