import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLmdbAuditTrail } from "../../src/features/inquiries/stores/lmdb-audit-trail";
import { createLmdbInquiryStore } from "../../src/features/inquiries/stores/lmdb-inquiry-store";
import { createLmdbPendingIndex } from "../../src/features/inquiries/stores/lmdb-pending-index";
import { openTempEmbeddedDatabase } from "../support/temp-embedded-database";
import { expectedAuditEntries, openTestInquiry } from "../support/test-inquiry";

const T0 = Date.parse("2026-01-01T12:00:00.000Z");

describe("embedded pending index and audit trail", () => {
  let temp: ReturnType<typeof openTempEmbeddedDatabase>;
  let now: number;
  beforeEach(() => {
    temp = openTempEmbeddedDatabase("pending-index");
    now = T0;
  });
  afterEach(() => temp.close());

  it("lists pending inquiries due at or before a time, oldest deadline first, up to a limit", async () => {
    const store = createLmdbInquiryStore(temp.db, { historyTtlSeconds: 60 });
    const index = createLmdbPendingIndex(temp.db);
    const [late, early, middle, answered] = [3_000, 1_000, 2_000, 500].map((ms) =>
      openTestInquiry("sweep-user", ms, new Date(T0)),
    );
    for (const inquiry of [late, early, middle, answered]) if (inquiry) await store.insert(inquiry);
    await store.resolve(answered?.id ?? "", {
      status: "answered",
      response: "yes",
      resolvedAt: new Date(T0).toISOString(),
    });

    expect(await index.overdue(new Date(T0 + 2_000), 10)).toStrictEqual([early?.id, middle?.id]);
    expect(await index.overdue(new Date(T0 + 5_000), 2)).toStrictEqual([early?.id, middle?.id]);
    expect(await index.overdue(new Date(T0 + 999), 10)).toStrictEqual([]);
    expect(await index.orphaned(10)).toStrictEqual([]);
  });

  it("records creation and the winning resolution only, and drops them with the record", async () => {
    const store = createLmdbInquiryStore(temp.db, { historyTtlSeconds: 60, now: () => now });
    const trail = createLmdbAuditTrail(temp.db);
    const inquiry = openTestInquiry("audit-user", 60_000, new Date(T0));
    await store.insert(inquiry);
    const resolvedAt = new Date(T0 + 1_000).toISOString();
    await Promise.all(
      ["a", "b", "c"].map((device) =>
        store.resolve(inquiry.id, { status: "answered", byDeviceId: device, resolvedAt }),
      ),
    );
    const winner = (await store.get(inquiry.id))?.resolution?.byDeviceId;

    expect(await trail.forInquiry("audit-user", inquiry.id)).toStrictEqual(
      expectedAuditEntries(inquiry, "audit-user", {
        to: "answered",
        byDeviceId: winner,
        at: resolvedAt,
      }),
    );
    expect(await trail.forInquiry("someone-else", inquiry.id)).toStrictEqual([]);

    now = T0 + 61_000;
    expect(await store.get(inquiry.id)).toBeUndefined();
    expect(await trail.forInquiry("audit-user", inquiry.id)).toStrictEqual([]);
  });
});
