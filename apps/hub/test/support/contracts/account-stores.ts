import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { DeviceRecord, DeviceStore } from "../../../src/features/accounts/ports";
import type { OneTimeSecretStore } from "../../../src/kernel/ports";
import type { TokenStore, UserStore } from "../../../src/features/accounts/ports";

/** One implementation of every account port. */
export interface AccountStores {
  users: UserStore;
  tokens: TokenStore;
  devices: DeviceStore;
  secrets: OneTimeSecretStore<string>;
}

export function device(userId: string, offsetMs: number): DeviceRecord {
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
export function describeAccountContract(name: string, open: () => AccountStores): void {
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

    it("lets a one-time secret be read without spending it, until it expires", async () => {
      const { secrets } = open();
      const now = new Date();
      await secrets.put("peeked", "device-3", new Date(now.getTime() + 60_000));
      expect(await secrets.peek("peeked", now)).toBe("device-3");
      expect(await secrets.peek("peeked", new Date(now.getTime() + 61_000))).toBeUndefined();
      expect(await secrets.take("peeked", now)).toBe("device-3");
      expect(await secrets.peek("peeked", now)).toBeUndefined();
      expect(await secrets.peek("never-put", now)).toBeUndefined();
    });
  });
}
