import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createMemoryDeviceStore } from "../../src/features/accounts/stores/memory-device-store";
import { createMemoryOneTimeSecretStore } from "../../src/platform/memory/memory-one-time-secret-store";
import {
  createMemoryTokenStore,
  createMemoryUserStore,
} from "../../src/features/accounts/stores/memory-user-store";
import { createLmdbDeviceStore } from "../../src/features/accounts/stores/lmdb-device-store";
import { createLmdbOneTimeSecretStore } from "../../src/platform/lmdb/lmdb-one-time-secret-store";
import {
  createLmdbTokenStore,
  createLmdbUserStore,
} from "../../src/features/accounts/stores/lmdb-user-store";
import type { EmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import { device, describeAccountContract } from "../support/contracts/account-stores";
import type { AccountStores } from "../support/contracts/account-stores";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeAccountContract("memory", () => ({
  users: createMemoryUserStore(),
  tokens: createMemoryTokenStore(),
  devices: createMemoryDeviceStore(),
  secrets: createMemoryOneTimeSecretStore(),
}));

describe("Redis account stores", () => {
  const infra = useSuiteRedisInfra("accounts");

  describeAccountContract("redis", () => ({
    users: infra().userStore,
    tokens: infra().tokenStore,
    devices: infra().deviceStore,
    secrets: infra().socketTickets,
  }));
});

function openEmbeddedAccountStores(db: EmbeddedDatabase): AccountStores {
  return {
    users: createLmdbUserStore(db),
    tokens: createLmdbTokenStore(db),
    devices: createLmdbDeviceStore(db),
    secrets: createLmdbOneTimeSecretStore(db, "ticket"),
  };
}

describe("embedded account stores", () => {
  const suite = useSuiteEmbeddedDatabase("accounts");

  describeAccountContract("embedded", () => openEmbeddedAccountStores(suite().db));

  it("keeps secrets of different kinds apart", async () => {
    const pairing = createLmdbOneTimeSecretStore<string>(suite().db, "pairing");
    const tickets = createLmdbOneTimeSecretStore<string>(suite().db, "ticket");
    const now = new Date();
    await pairing.put("shared-hash", "pairing-value", new Date(now.getTime() + 60_000));
    expect(await tickets.take("shared-hash", now)).toBeUndefined();
    expect(await pairing.take("shared-hash", now)).toBe("pairing-value");
  });
});

describe("embedded account stores across a restart", () => {
  const suite = useSuiteEmbeddedDatabase("accounts-reopen");

  it("keeps users, tokens, devices and revocations, and no expired secret", async () => {
    const before = openEmbeddedAccountStores(suite().db);
    const user = {
      id: randomUUID(),
      username: "Grace",
      passwordHash: "scrypt$salt$hash",
      createdAt: new Date().toISOString(),
    };
    const [phone, laptop] = [device(user.id, 0), device(user.id, 1_000)];
    const now = new Date();
    await before.users.create(user);
    await before.tokens.save("token-hash", user.id);
    await before.devices.insert(phone);
    await before.devices.insert(laptop);
    await before.devices.revoke(laptop.id, "2026-02-01T00:00:00.000Z");
    await before.secrets.put("live", "ticket-1", new Date(now.getTime() + 60_000));
    await before.secrets.put("stale", "ticket-2", new Date(now.getTime() + 1_000));

    const after = openEmbeddedAccountStores(await suite().reopen());
    expect((await after.users.findByUsername("grace"))?.passwordHash).toBe(user.passwordHash);
    expect(await after.users.create({ ...user, id: randomUUID() })).toBe(false);
    expect(await after.tokens.findUserId("token-hash")).toBe(user.id);
    expect(await after.devices.findByTokenHash(phone.tokenHash)).toEqual(phone);
    expect((await after.devices.findByTokenHash(laptop.tokenHash))?.revokedAt).toBe(
      "2026-02-01T00:00:00.000Z",
    );
    expect(await after.devices.revoke(laptop.id, "2026-03-01T00:00:00.000Z")).toBe(false);
    expect((await after.devices.listByUser(user.id)).map((each) => each.id)).toEqual([
      phone.id,
      laptop.id,
    ]);
    expect(await after.secrets.take("stale", new Date(now.getTime() + 2_000))).toBeUndefined();
    expect(await after.secrets.take("live", now)).toBe("ticket-1");
  });
});
