import { describe, expect, it } from "vitest";
import { openInquiry } from "../../src/features/inquiries/inquiry-machine";
import { createMemoryInquiryStore } from "../../src/features/inquiries/stores/memory-inquiry-store";
import { countRejections } from "../../src/platform/metrics/count-rejections";

describe("countRejections", () => {
  const inquiry = openInquiry({
    id: "00000000-0000-4000-8000-000000000001",
    userId: "user-1",
    type: "INQUIRY",
    question: "Which city?",
    options: [],
    createdAt: new Date("2026-01-01T00:00:00Z"),
    expiresAt: new Date("2026-01-01T00:01:00Z"),
  });

  it("counts a real store's rejected calls by method and passes the error and results through", async () => {
    const failures: string[] = [];
    const store = countRejections(
      createMemoryInquiryStore({ historyTtlMs: 60_000, maxResolvedPerUser: 10 }),
      ["insert", "get"],
      (method) => failures.push(method),
    );
    expect(await store.insert(inquiry)).toEqual({ kind: "inserted" });
    await expect(store.insert(inquiry)).rejects.toThrow(/duplicate inquiry id/);
    expect(await store.get(inquiry.id)).toEqual(inquiry);
    expect(await store.listByUser("user-1")).toEqual([inquiry]);
    expect(failures).toEqual(["insert"]);
  });
});
