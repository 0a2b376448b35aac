import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import { createMemoryReceiptStore } from "../../src/features/receipts/stores/memory-receipt-store";
import { createLmdbReceiptStore } from "../../src/features/receipts/stores/lmdb-receipt-store";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import { useForSuite } from "../support/suite-resource";
import {
  HOUR_SECONDS,
  receipt,
  describeReceiptContract,
  useRedisReceiptStores,
} from "../support/contracts/receipt-store";

describeReceiptContract("memory", (ttlSeconds) =>
  createMemoryReceiptStore({ ttlMs: ttlSeconds * 1000 }),
);

describe("embedded receipt store", () => {
  const suite = useSuiteEmbeddedDatabase("receipts");
  describeReceiptContract("embedded", (ttlSeconds) =>
    createLmdbReceiptStore(suite().db, { ttlSeconds }),
  );
});

describe("embedded receipt store across a restart", () => {
  const suite = useSuiteEmbeddedDatabase("receipts-reopen");

  it("keeps receipts and still refuses their repeats", async () => {
    const before = createLmdbReceiptStore(suite().db, { ttlSeconds: HOUR_SECONDS });
    const id = randomUUID();
    const kept = [receipt(), receipt({ kind: "seen", channel: "app" })];
    for (const each of kept) await before.record(id, each);

    const after = createLmdbReceiptStore(await suite().reopen(), { ttlSeconds: HOUR_SECONDS });
    expect((await after.list([id])).get(id)).toEqual(kept);
    expect(await after.record(id, receipt({ targetName: "Renamed" }))).toBe(false);
  });
});

describe("Redis receipt store", () => {
  const server = useForSuite(
    "startRedisServer",
    () => startRedisServer(),
    (started) => started.stop(),
  );
  const open = useRedisReceiptStores(() => ({ kind: "single", url: server().url }));
  describeReceiptContract("redis", open);
});
