import { describe, expect, it } from "vitest";
import { BaselineSchema, compareToBaseline } from "./baseline";
import type { ScenarioVerdict } from "./conformance-cli";

const PASSED: ScenarioVerdict = { passed: true, failures: [] };
const FAILED: ScenarioVerdict = { passed: false, failures: ["prompts-list: Method not found"] };
const REASON = "the endpoint serves tools only and declares no prompts capability";

describe("compareToBaseline", () => {
  it("accepts passes outside the baseline and failures inside it", () => {
    const verdicts = new Map([
      ["ping", PASSED],
      ["prompts-list", FAILED],
    ]);
    expect(
      compareToBaseline(["ping", "prompts-list"], verdicts, { "prompts-list": REASON }),
    ).toEqual({ unexpectedFailures: [], staleEntries: [], unknownEntries: [] });
  });

  it("reports a failure outside the baseline, and a scenario that wrote no result", () => {
    const drift = compareToBaseline(["ping", "tools-list"], new Map([["ping", FAILED]]), {});
    expect(drift.unexpectedFailures).toEqual([
      { scenario: "ping", failures: FAILED.failures },
      { scenario: "tools-list", failures: ["no result written"] },
    ]);
  });

  it("reports a baselined scenario that passes, and one the runner does not have", () => {
    const drift = compareToBaseline(["prompts-list"], new Map([["prompts-list", PASSED]]), {
      "prompts-list": REASON,
      "prompts-lsit": REASON,
    });
    expect(drift.staleEntries).toEqual(["prompts-list"]);
    expect(drift.unknownEntries).toEqual(["prompts-lsit"]);
  });
});

describe("BaselineSchema", () => {
  it("demands both endpoints and a real reason for every entry", () => {
    expect(BaselineSchema.safeParse({ hub: {} }).success).toBe(false);
    expect(BaselineSchema.safeParse({ hub: { ping: "n/a" }, proxy: {} }).success).toBe(false);
    expect(BaselineSchema.safeParse({ hub: { "prompts-list": REASON }, proxy: {} }).success).toBe(
      true,
    );
  });
});
