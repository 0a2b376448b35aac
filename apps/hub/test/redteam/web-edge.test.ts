import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_HUB_CONFIG } from "../../src/index";
import type { HubConfig } from "../../src/index";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { startTwoNodes, UNLIMITED } from "../reliability/support/two-nodes";
import type { TwoNodes } from "../reliability/support/two-nodes";
import { REDTEAM_SIZES } from "./scale";

const PASSWORD = "correct horse battery";

/**
 * A login as the web app sends it: from loopback (a trusted proxy by default), naming the
 * browser's address in X-Forwarded-For. `address` undefined sends no such header.
 */
function loginFrom(
  hubUrl: URL,
  address: string | undefined,
  username: string,
  password: string,
): Promise<Response> {
  return fetch(new URL("/api/auth/login", hubUrl), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(address === undefined ? {} : { "x-forwarded-for": address }),
    },
    body: JSON.stringify({ username, password }),
  });
}

/** Statuses of `count` wrong-password logins for `username` from `address(i)`. */
async function guesses(
  hubUrl: URL,
  count: number,
  username: (i: number) => string,
  address: (i: number) => string | undefined,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1)
    statuses.push((await loginFrom(hubUrl, address(i), username(i), "wrong guess")).status);
  return statuses;
}

async function deviceCount(hub: TestHub, token: string): Promise<number> {
  const response = await hub.request("/api/devices", { token });
  return ((await response.json()) as { devices: unknown[] }).devices.length;
}

function limits(overrides: Partial<HubConfig["rateLimits"]>): HubConfig["rateLimits"] {
  return { ...DEFAULT_HUB_CONFIG.rateLimits, ...overrides };
}

describe("red team: the web's edge and the hub's login limits", () => {
  let hub: TestHub | undefined;
  let nodes: TwoNodes | undefined;
  afterEach(async () => {
    await hub?.close();
    await nodes?.close();
    hub = nodes = undefined;
  });

  it("finding 7: one address hammering logins does not lock out a second address", async () => {
    const budget = 5;
    hub = await startTestHub({ rateLimits: limits({ loginPerMinute: budget }) });
    const owner = await hub.registerUser("owner");
    const attacker = "203.0.113.10";
    const statuses = await guesses(
      hub.url,
      budget + REDTEAM_SIZES.repeats,
      (i) => `ghost${i}`,
      () => attacker,
    );
    expect(statuses.slice(0, budget)).toEqual(Array<number>(budget).fill(401));
    expect(statuses.slice(budget)).toEqual(Array<number>(REDTEAM_SIZES.repeats).fill(429));
    expect((await loginFrom(hub.url, attacker, owner.username, PASSWORD)).status).toBe(429);

    const fromElsewhere = await loginFrom(hub.url, "198.51.100.20", owner.username, PASSWORD);
    expect(fromElsewhere.status).toBe(200);
    expect(await deviceCount(hub, owner.token), "register + the owner's login only").toBe(2);
  });

  it("finding 7: a spoofed X-Forwarded-For from an untrusted peer is ignored", async () => {
    const budget = 5;
    hub = await startTestHub({
      trustedProxies: ["192.0.2.1"],
      rateLimits: limits({ loginPerMinute: budget }),
    });
    const owner = await hub.registerUser("owner");
    const statuses = await guesses(
      hub.url,
      budget + REDTEAM_SIZES.repeats,
      (i) => `ghost${i}`,
      (i) => `203.0.113.${i + 1}`,
    );
    // Registration spent one attempt of 127.0.0.1: the rotating header never counted.
    expect(statuses.slice(0, budget - 1)).toEqual(Array<number>(budget - 1).fill(401));
    expect(statuses.slice(budget - 1).every((status) => status === 429)).toBe(true);
    expect((await loginFrom(hub.url, "198.51.100.99", owner.username, PASSWORD)).status).toBe(429);
    expect(await deviceCount(hub, owner.token)).toBe(1);
  });

  it("finding 7: wrong passwords for one account hit its limits; the owner elsewhere logs in until the ceiling", async () => {
    const perAddress = 3;
    const ceiling = perAddress + REDTEAM_SIZES.repeats;
    hub = await startTestHub({
      rateLimits: limits({
        loginPerMinute: 10_000,
        loginFailuresPerAccountAddressPerHour: perAddress,
        loginFailuresPerAccountPerHour: ceiling,
      }),
    });
    const owner = await hub.registerUser("victim");
    const single = await guesses(
      hub.url,
      perAddress,
      () => owner.username,
      () => "203.0.113.1",
    );
    expect(single).toEqual(Array<number>(perAddress).fill(401));
    const stopped = await loginFrom(hub.url, "203.0.113.1", owner.username.toUpperCase(), PASSWORD);
    expect(stopped.status, "even the right password, in any case, from that address").toBe(429);
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await loginFrom(hub.url, "198.51.100.20", owner.username, PASSWORD)).status).toBe(200);

    const spread = await guesses(
      hub.url,
      REDTEAM_SIZES.repeats,
      () => owner.username,
      (i) => `203.0.113.${i + 100}`,
    );
    expect(spread).toEqual(Array<number>(REDTEAM_SIZES.repeats).fill(401));
    // The ceiling is reached: the account is refused to everyone until the hour ends.
    expect((await loginFrom(hub.url, "203.0.113.250", owner.username, "wrong guess")).status).toBe(
      429,
    );
    expect((await loginFrom(hub.url, "198.51.100.20", owner.username, PASSWORD)).status).toBe(429);
    expect(await deviceCount(hub, owner.token), "no guess ever got a device").toBe(2);
  });

  it("finding 7: one account's failed logins are counted by every node on Redis", async () => {
    nodes = await startTwoNodes({
      rateLimits: { ...UNLIMITED, loginFailuresPerAccountAddressPerHour: 2 },
    });
    const owner = await nodes.a.registerUser("victim");
    const address = "203.0.113.7";
    expect((await loginFrom(nodes.a.url, address, owner.username, "wrong guess")).status).toBe(401);
    expect((await loginFrom(nodes.b.url, address, owner.username, "wrong guess")).status).toBe(401);
    expect((await loginFrom(nodes.a.url, address, owner.username, PASSWORD)).status).toBe(429);
    expect((await loginFrom(nodes.b.url, address, owner.username, PASSWORD)).status).toBe(429);
    expect((await loginFrom(nodes.b.url, undefined, owner.username, PASSWORD)).status).toBe(200);
  });
});
