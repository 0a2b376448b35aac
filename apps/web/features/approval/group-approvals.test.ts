import { describe, expect, it } from "vitest";
import { groupByBatch } from "./group-approvals";

const batchOf = (entry: { id: string; batch?: string }) => entry.batch;

describe("groupByBatch", () => {
  it("puts the approvals of one batch together where the first one was", () => {
    const entries = [
      { id: "a", batch: "b1" },
      { id: "q" },
      { id: "b", batch: "b1" },
      { id: "c", batch: "b2" },
    ];
    expect(groupByBatch(entries, batchOf)).toEqual([
      { kind: "batch", batchId: "b1", entries: [entries[0], entries[2]] },
      { kind: "single", entry: entries[1] },
      { kind: "single", entry: entries[3] },
    ]);
  });

  it("leaves entries without a batch alone", () => {
    expect(groupByBatch([{ id: "x" }], batchOf)).toEqual([{ kind: "single", entry: { id: "x" } }]);
  });
});
