import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../src/features/accounts/password";
import { startTwoNodes } from "./support/two-nodes";
import type { TwoNodes } from "./support/two-nodes";
import { report } from "./scale";

const PAIRING_CODE_SECONDS = 2;

/**
 * Credentials keep their promises on the shared store: passwords under a memory-hard KDF,
 * tokens revocable everywhere, pairing codes single-use, expiring and stored only hashed (so
 * the lookup by hash compares in constant time: no byte of the code meets a `===`).
 */
describe("credential properties", () => {
  let nodes: TwoNodes;
  beforeAll(async () => {
    // Long enough for the mint, the store dump and four racing claims on a loaded machine
    // (half a second was not); the expiry check polls for the code's end.
    nodes = await startTwoNodes({ pairingCodeSeconds: PAIRING_CODE_SECONDS });
  });
  afterAll(async () => {
    await nodes.close();
  });

  it("hashes passwords with scrypt at N ≥ 2^14, r = 8 (≥ 16 MiB per guess) and a random salt", async () => {
    const [scheme, n, r, p, salt, hash] = (await hashPassword("correct horse battery")).split("$");
    expect(scheme).toBe("scrypt");
    expect(Number(n)).toBeGreaterThanOrEqual(16_384);
    expect(Number(r)).toBe(8);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(128 * Number(n) * Number(r)).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(Buffer.from(salt ?? "", "base64url")).toHaveLength(16);
    expect(Buffer.from(hash ?? "", "base64url")).toHaveLength(64);
    expect(await hashPassword("correct horse battery")).not.toBe(
      await hashPassword("correct horse battery"),
    );
    expect(
      await verifyPassword("wrong horse battery", `scrypt$${n}$${r}$${p}$${salt}$${hash}`),
    ).toBe(false);
    report(`credentials scrypt N=${n} r=${r} p=${p}, 16-byte salt, 64-byte key`);
  });

  it("a pairing code is single-use across nodes, expires, and is never stored in clear", async () => {
    const { a, b } = nodes;
    const owner = await a.registerUser("pairer");
    const mint = async (): Promise<string> =>
      (
        (await (await a.request("/api/pairing", { token: owner.token, body: {} })).json()) as {
          code: string;
        }
      ).code;
    const code = await mint();
    const keys = await dumpStore(nodes);
    expect(keys.some((entry) => entry.includes(code))).toBe(false);

    const claims = await Promise.all(
      [a, b, a, b].map((node) =>
        node.request("/api/pairing/claim", { body: { code, deviceName: "phone" } }),
      ),
    );
    expect(claims.map((claim) => claim.status).sort()).toEqual([201, 404, 404, 404]);

    const late = await mint();
    await expect
      .poll(async () => (await b.request("/api/pairing/claim", { body: { code: late } })).status, {
        timeout: PAIRING_CODE_SECONDS * 1000 + 3000,
        interval: 100,
      })
      .toBe(404);
    report(
      "credentials pairing: 4 concurrent claims on 2 nodes → 1 device, expired code 404, code absent from Redis",
    );
  });

  it("a revoked device's token is refused on every node at once", async () => {
    const { a, b } = nodes;
    const owner = await a.registerUser("revoker");
    const laptop = await b.login(owner.username, "laptop");
    expect(
      (await a.request(`/api/devices/${laptop.deviceId}`, { method: "DELETE", token: owner.token }))
        .status,
    ).toBe(204);
    for (const node of [a, b])
      expect((await node.request("/api/devices", { token: laptop.token })).status).toBe(401);
  });
});

/** Every key and string value under the cluster's prefix, to prove what is (not) stored. */
async function dumpStore(nodes: TwoNodes): Promise<string[]> {
  const redis = new Redis(nodes.redis.url);
  try {
    const keys = await redis.keys(`${nodes.cluster.keyPrefix}*`);
    const values = await Promise.all(
      keys.map(async (key) =>
        (await redis.type(key)) === "string"
          ? ((await redis.get(key)) ?? "")
          : JSON.stringify(await redis.hgetall(key).catch(() => ({}))),
      ),
    );
    return [...keys, ...values];
  } finally {
    redis.disconnect();
  }
}
