import { describe, expect, it } from "vitest";
import { groupByRun } from "./group-approvals";

const runOf = (entry: { id: string; run?: string }) => entry.run;

describe("groupByRun", () => {
  it("puts the calls of one run together where the first one was", () => {
    const entries = [
      { id: "a", run: "r1" },
      { id: "q" },
      { id: "b", run: "r1" },
      { id: "c", run: "r2" },
    ];
    expect(groupByRun(entries, runOf)).toEqual([
      { kind: "run", runId: "r1", entries: [entries[0], entries[2]] },
      { kind: "single", entry: entries[1] },
      { kind: "single", entry: entries[3] },
    ]);
  });

  it("leaves entries without a run alone", () => {
    expect(groupByRun([{ id: "x" }], runOf)).toEqual([{ kind: "single", entry: { id: "x" } }]);
  });
});
