import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { MAX_RECEIPTS_PER_INQUIRY } from "@inquiry-hub/protocol";
import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import type { ReceiptStore } from "../../../src/features/receipts/ports";
import { createKeyLayout } from "../../../src/platform/redis/keys";
import { createRedisConnection, untilReady } from "../../../src/platform/redis/redis-connection";
import type { RedisClient } from "../../../src/platform/redis/redis-client";
import { createRedisReceiptStore } from "../../../src/features/receipts/stores/redis-receipt-store";
import { useForSuite } from "../suite-resource";

export const HOUR_SECONDS = 3_600;

export function receipt(overrides: Partial<DeliveryReceipt> = {}): DeliveryReceipt {
  return {
    kind: "delivered",
    channel: "socket",
    targetId: "device-1",
    targetName: "Phone",
    at: new Date().toISOString(),
    ...overrides,
  };
}

/** The receipt port's contract; `open` builds a store whose receipts live `ttlSeconds`. */
export function describeReceiptContract(
  name: string,
  open: (ttlSeconds: number) => ReceiptStore,
): void {
  describe(`receipt store contract: ${name}`, () => {
    it("keeps the first receipt of a key and refuses its repeats", async () => {
      const store = open(HOUR_SECONDS);
      const id = randomUUID();
      const first = receipt({ at: "2026-01-01T00:00:00.000Z" });
      expect(await store.record(id, first)).toBe(true);
      const repeat = receipt({ targetName: "Renamed", at: "2026-01-01T00:00:05.000Z" });
      expect(await store.record(id, repeat)).toBe(false);
      expect((await store.list([id])).get(id)).toEqual([first]);
    });

    it("tells receipts apart by kind, channel and target", async () => {
      const store = open(HOUR_SECONDS);
      const id = randomUUID();
      const variants = [
        receipt(),
        receipt({ kind: "seen" }),
        receipt({ channel: "push" }),
        receipt({ targetId: "device-2" }),
      ];
      for (const each of variants) expect(await store.record(id, each)).toBe(true);
      expect((await store.list([id])).get(id)).toEqual(variants);
    });

    it(`keeps at most ${MAX_RECEIPTS_PER_INQUIRY} receipts per inquiry, oldest first`, async () => {
      const store = open(HOUR_SECONDS);
      const id = randomUUID();
      const kept = Array.from({ length: MAX_RECEIPTS_PER_INQUIRY }, (_, index) =>
        receipt({ targetId: `device-${index}` }),
      );
      for (const each of kept) expect(await store.record(id, each)).toBe(true);
      expect(await store.record(id, receipt({ targetId: "one-too-many" }))).toBe(false);
      expect((await store.list([id])).get(id)).toEqual(kept);
    });

    it("keeps exactly one of racing firsts of a key", async () => {
      const store = open(HOUR_SECONDS);
      const id = randomUUID();
      const racers = Array.from({ length: 10 }, (_, index) =>
        receipt({ targetName: `racer-${index}` }),
      );
      const kept = await Promise.all(racers.map((each) => store.record(id, each)));
      expect(kept.filter(Boolean)).toHaveLength(1);
      const winner = racers[kept.indexOf(true)];
      expect((await store.list([id])).get(id)).toEqual([winner]);
    });

    it("lists several inquiries, unknown ones as empty lists", async () => {
      const store = open(HOUR_SECONDS);
      const [one, two, unknown] = [randomUUID(), randomUUID(), randomUUID()];
      const [a, b, c] = [receipt(), receipt({ kind: "seen" }), receipt({ channel: "webhook" })];
      await store.record(one, a);
      await store.record(one, b);
      await store.record(two, c);
      const listed = await store.list([one, unknown, two]);
      expect([...listed]).toEqual([
        [one, [a, b]],
        [unknown, []],
        [two, [c]],
      ]);
      expect(await store.list([])).toEqual(new Map());
    });

    it("expires an inquiry's receipts the TTL after its first one, not its last", async () => {
      const store = open(1);
      const id = randomUUID();
      const first = receipt();
      expect(await store.record(id, first)).toBe(true);
      await sleep(600);
      expect(await store.record(id, receipt({ kind: "seen" }))).toBe(true);
      await sleep(600);
      expect((await store.list([id])).get(id)).toEqual([]);
      expect(await store.record(id, first)).toBe(true);
      expect((await store.list([id])).get(id)).toEqual([first]);
    });
  });
}

/**
 * A commands connection to `topology` for the enclosing describe, and a receipt store on it
 * under a fresh key prefix per store, so the tests never see each other's inquiries.
 */
export function useRedisReceiptStores(
  topology: () => RedisTopology,
): (ttlSeconds: number) => ReceiptStore {
  const redis = useForSuite(
    "useRedisReceiptStores",
    async (): Promise<RedisClient> => {
      const client = createRedisConnection(topology(), "commands", () => undefined);
      await untilReady(client);
      return client;
    },
    async (client) => {
      await client.quit();
    },
  );
  return (ttlSeconds) => {
    const keys = createKeyLayout(`receipts-${randomUUID()}:`).channelKeys;
    return createRedisReceiptStore(redis(), keys, ttlSeconds);
  };
}
