import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSettingsService } from "../../../src/features/settings/settings-service";
import type { SettingsStore } from "../../../src/features/settings/ports";

/** The settings port's contract; the Redis store must behave like the memory one. */
export function describeSettingsContract(name: string, open: () => SettingsStore): void {
  describe(`settings store contract: ${name}`, () => {
    it("keeps each user's settings apart and overwrites on put", async () => {
      const store = open();
      const [ada, bob] = [randomUUID(), randomUUID()];
      expect(await store.get(ada)).toBeUndefined();
      await store.put(ada, { yolo: { enabled: true, until: "2030-01-01T00:00:00.000Z" } });
      await store.put(bob, { yolo: { enabled: false } });
      await store.put(bob, { yolo: { enabled: true } });
      expect(await store.get(ada)).toEqual({
        yolo: { enabled: true, until: "2030-01-01T00:00:00.000Z" },
      });
      expect(await store.get(bob)).toEqual({ yolo: { enabled: true } });
    });

    it("keeps the reach parts and removes one on null, an expired YOLO leaving them", async () => {
      let now = new Date("2026-01-01T00:00:00.000Z");
      const service = createSettingsService({ store: open(), now: () => now });
      const user = randomUUID();
      const routing = { pushAfterSeconds: 30, webhookAfterSeconds: 120 };
      const quietHours = {
        start: "22:00",
        end: "07:00",
        timeZone: "Europe/Berlin",
      };
      const digest = { daily: true, hour: 8, timeZone: "Asia/Shanghai" };
      await service.update(user, { yolo: { enabled: true, forSeconds: 60 }, routing });
      await service.update(user, { quietHours, digest });
      expect(await service.get(user)).toEqual({
        yolo: { enabled: true, until: "2026-01-01T00:01:00.000Z" },
        routing,
        quietHours,
        digest,
      });
      now = new Date("2026-01-01T00:02:00.000Z");
      expect(await service.update(user, { digest: null })).toEqual({
        yolo: { enabled: false },
        routing,
        quietHours,
      });
    });

    it("indexes the users with the daily digest on as the service saves", async () => {
      const store = open();
      const service = createSettingsService({ store });
      const [ada, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
      const ours: string[] = [ada, bob, cy];
      const digest = { daily: true, hour: 8, timeZone: "Europe/Berlin" };
      await service.update(ada, { digest });
      await service.update(bob, { digest: { ...digest, daily: false } });
      await service.update(cy, { digest });
      await service.update(cy, { yolo: { enabled: true } });
      const mine = async () => (await store.digestUsers()).filter((id) => ours.includes(id)).sort();
      expect(await mine()).toEqual([ada, cy].sort());
      await service.update(ada, { digest: null });
      await service.update(cy, { digest: { ...digest, daily: false } });
      await store.markDigest(bob, true);
      await store.markDigest(bob, true);
      expect(await mine()).toEqual([bob]);
    });

    it("backs a service that reads an expired YOLO as off", async () => {
      let now = new Date("2026-01-01T00:00:00.000Z");
      const service = createSettingsService({ store: open(), now: () => now });
      const user = randomUUID();
      const changes: unknown[] = [];
      service.onChanged((_userId, settings) => changes.push(settings));
      expect(await service.update(user, { yolo: { enabled: true, forSeconds: 3600 } })).toEqual({
        yolo: { enabled: true, until: "2026-01-01T01:00:00.000Z" },
      });
      expect(changes).toHaveLength(1);
      expect(await service.isYoloOn(user)).toBe(true);
      now = new Date("2026-01-01T01:00:01.000Z");
      expect(await service.isYoloOn(user)).toBe(false);
      expect(await service.get(user)).toEqual({ yolo: { enabled: false } });
    });
  });
}
