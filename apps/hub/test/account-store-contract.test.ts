import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import type { DeviceRecord, DeviceStore } from "../src/core/accounts/ports";
import type { OneTimeSecretStore } from "../src/core/shared/ports";
import type { TokenStore, UserStore } from "../src/core/accounts/ports";
import { createMemoryDeviceStore } from "../src/infra/memory/memory-device-store";
import { createMemoryOneTimeSecretStore } from "../src/infra/memory/memory-one-time-secret-store";
import {
  createMemoryTokenStore,
  createMemoryUserStore,
} from "../src/infra/memory/memory-user-store";
import { createLmdbDeviceStore } from "../src/infra/lmdb/lmdb-device-store";
import { createLmdbOneTimeSecretStore } from "../src/infra/lmdb/lmdb-one-time-secret-store";
import { createLmdbTokenStore, createLmdbUserStore } from "../src/infra/lmdb/lmdb-user-store";
import type { EmbeddedDatabase } from "../src/infra/lmdb/embedded-database";
import { createRedisInfra } from "../src/infra/redis/index";
import type { RedisInfra } from "../src/infra/redis/index";
import { useSuiteEmbeddedDatabase } from "./support/embedded-database-suite";
import { describeOnSentinelAndCluster, useTopologyInfra } from "./support/replicated-redis";

/** One implementation of every account port. */
interface AccountStores {
  users: UserStore;
  tokens: TokenStore;
  devices: DeviceStore;
  secrets: OneTimeSecretStore<string>;
}

function device(userId: string, offsetMs: number): DeviceRecord {
  const at = new Date(Date.UTC(2026, 0, 1) + offsetMs).toISOString();
  const id = randomUUID();
  return {
    id,
    userId,
    name: `device ${offsetMs}`,
    kind: "desktop",
    purpose: "device",
    tokenHash: `hash-${id}`,
    firstSeenAt: at,
    lastSeenAt: at,
  };
}

/** The account ports' contract; the Redis versions must behave like the memory ones. */
function describeAccountContract(name: string, open: () => AccountStores): void {
  describe(`account stores contract: ${name}`, () => {
    it("keeps usernames unique case-insensitively and finds users by name and id", async () => {
      const { users } = open();
      const user = {
        id: randomUUID(),
        username: `Ada-${randomUUID()}`,
        passwordHash: "h",
        createdAt: new Date().toISOString(),
      };
      expect(await users.create(user)).toBe(true);
      expect(
        await users.create({ ...user, id: randomUUID(), username: user.username.toLowerCase() }),
      ).toBe(false);
      expect(await users.findByUsername(user.username.toUpperCase())).toEqual(user);
      expect(await users.findById(user.id)).toEqual(user);
      expect(await users.findById(randomUUID())).toBeUndefined();
    });

    it("maps token hashes to users", async () => {
      const { tokens } = open();
      await tokens.save("token-hash", "user-1");
      expect(await tokens.findUserId("token-hash")).toBe("user-1");
      expect(await tokens.findUserId(randomUUID())).toBeUndefined();
    });

    it("stores devices, lists them oldest first, updates and revokes exactly once", async () => {
      const { devices } = open();
      const userId = randomUUID();
      const [older, newer] = [device(userId, 0), device(userId, 1_000)];
      await devices.insert(newer);
      await devices.insert(older);
      await expect(devices.insert(older)).rejects.toThrow(/duplicate/);
      expect(await devices.findByTokenHash(older.tokenHash)).toEqual(older);
      expect((await devices.listByUser(userId)).map((each) => each.id)).toEqual([
        older.id,
        newer.id,
      ]);

      await devices.update(older.id, { name: "renamed" });
      await devices.update(randomUUID(), { name: "ghost" });
      expect((await devices.get(older.id))?.name).toBe("renamed");
      expect(await devices.get(randomUUID())).toBeUndefined();

      const revokes = await Promise.all(
        [1, 2, 3].map(() => devices.revoke(older.id, "2026-02-01T00:00:00.000Z")),
      );
      expect(revokes.filter(Boolean)).toHaveLength(1);
      expect((await devices.get(older.id))?.revokedAt).toBe("2026-02-01T00:00:00.000Z");
      expect(await devices.revoke(randomUUID(), "2026-02-01T00:00:00.000Z")).toBe(false);
    });

    it("keeps an agent credential's purpose and fixed expiry beside the devices", async () => {
      const { devices } = open();
      const userId = randomUUID();
      const agentKey: DeviceRecord = {
        ...device(userId, 0),
        purpose: "agent-key",
        expiresAt: "2026-03-01T00:00:00.000Z",
      };
      await devices.insert(agentKey);
      expect(await devices.findByTokenHash(agentKey.tokenHash)).toEqual(agentKey);
      expect(await devices.listByUser(userId)).toEqual([agentKey]);
    });

    it("stores no first-only account once any account exists", async () => {
      const { users } = open();
      const account = (username: string) => ({
        id: randomUUID(),
        username,
        passwordHash: "h",
        createdAt: new Date().toISOString(),
      });
      await users.create(account(`first-${randomUUID()}`));
      const latecomer = account(`late-${randomUUID()}`);
      expect(await users.createFirst(latecomer)).toBe(false);
      expect(await users.findByUsername(latecomer.username)).toBeUndefined();
    });

    it("hands a one-time secret out once, and never after it expired", async () => {
      const { secrets } = open();
      const now = new Date();
      await secrets.put("live", "device-1", new Date(now.getTime() + 60_000));
      const takes = await Promise.all([1, 2, 3].map(() => secrets.take("live", now)));
      expect(takes.filter((value) => value !== undefined)).toEqual(["device-1"]);
      await secrets.put("stale", "device-2", new Date(now.getTime() + 1_000));
      expect(await secrets.take("stale", new Date(now.getTime() + 2_000))).toBeUndefined();
    });
  });
}

describeAccountContract("memory", () => ({
  users: createMemoryUserStore(),
  tokens: createMemoryTokenStore(),
  devices: createMemoryDeviceStore(),
  secrets: createMemoryOneTimeSecretStore(),
}));

describe("Redis account stores", () => {
  let server: TestRedisServer;
  let infra: RedisInfra;
  beforeAll(async () => {
    server = await startRedisServer();
    infra = createRedisInfra({ url: server.url, keyPrefix: `accounts-${randomUUID()}:` });
    await infra.ready();
  });
  afterAll(async () => {
    await infra.close();
    await server.stop();
  });

  describeAccountContract("redis", () => ({
    users: infra.userStore,
    tokens: infra.tokenStore,
    devices: infra.deviceStore,
    secrets: infra.socketTickets,
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

describeOnSentinelAndCluster("Redis account stores", ({ name, topology }) => {
  const infra = useTopologyInfra("accounts", topology);
  describeAccountContract(name, () => ({
    users: infra().userStore,
    tokens: infra().tokenStore,
    devices: infra().deviceStore,
    secrets: infra().socketTickets,
  }));
});
