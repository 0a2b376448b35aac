import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openInquiry } from "../../src/features/inquiries/inquiry-machine";
import type { InquiryStore } from "../../src/features/inquiries/ports";
import { createLmdbInquiryStore } from "../../src/features/inquiries/stores/lmdb-inquiry-store";
import { createMemoryInquiryStore } from "../../src/features/inquiries/stores/memory-inquiry-store";
import { openTempEmbeddedDatabase } from "../support/temp-embedded-database";

const CARRIER = {
  traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
  tracestate: "vendor=abc",
};

function pending() {
  const createdAt = new Date();
  return openInquiry({
    id: randomUUID(),
    userId: "traced-user",
    type: "INQUIRY",
    question: "Which city?",
    options: [],
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 60_000),
  });
}

const embedded = openTempEmbeddedDatabase("trace-context-store");
afterAll(() => embedded.close());

/**
 * The stores keep the creating call's trace context beside the record (the Redis store is
 * covered by trace-across-nodes.test.ts): readable by id through a resolution, never part of
 * the record that `get`, `listByUser` or `resolve` return.
 */
describe.each([
  ["memory", () => createMemoryInquiryStore()],
  ["embedded (LMDB)", () => createLmdbInquiryStore(embedded.db, { historyTtlSeconds: 3_600 })],
])("the %s store's trace context", (_name, createStore: () => InquiryStore) => {
  const store = createStore();

  it("is kept beside the record, through its resolution, and never inside it", async () => {
    const inquiry = pending();
    await store.insert(inquiry, undefined, CARRIER);
    expect(await store.traceContextOf(inquiry.id)).toEqual(CARRIER);
    expect(await store.get(inquiry.id)).toStrictEqual(inquiry);
    expect(await store.listByUser(inquiry.userId)).toContainEqual(inquiry);

    const resolved = await store.resolve(inquiry.id, {
      status: "answered",
      response: "Rome",
      resolvedAt: new Date().toISOString(),
      byDeviceId: "phone",
    });
    expect(JSON.stringify(resolved)).not.toContain(CARRIER.traceparent);
    expect(await store.traceContextOf(inquiry.id)).toEqual(CARRIER);
  });

  it("has none for a record inserted without one, or an unknown id", async () => {
    const inquiry = pending();
    await store.insert(inquiry);
    expect(await store.traceContextOf(inquiry.id)).toBeUndefined();
    expect(await store.traceContextOf(randomUUID())).toBeUndefined();
  });
});
