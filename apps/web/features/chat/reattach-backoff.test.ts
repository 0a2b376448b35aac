import { describe, expect, it } from "vitest";
import { FIRST_REATTACH_DELAY_MS, MAX_REATTACH_DELAY_MS, reattachDelay } from "./reattach-backoff";

describe("reattachDelay", () => {
  it("doubles from the first delay, between half and all of it", () => {
    expect(reattachDelay(0, () => 0)).toBe(FIRST_REATTACH_DELAY_MS / 2);
    expect(reattachDelay(0, () => 1)).toBe(FIRST_REATTACH_DELAY_MS);
    expect(reattachDelay(2, () => 1)).toBe(FIRST_REATTACH_DELAY_MS * 4);
  });

  it("never waits longer than the bound, however many attempts failed", () => {
    for (const attempt of [5, 10, 50, 1_000]) {
      expect(reattachDelay(attempt, () => 0.999_999)).toBeLessThanOrEqual(MAX_REATTACH_DELAY_MS);
      expect(reattachDelay(attempt, () => 0)).toBe(MAX_REATTACH_DELAY_MS / 2);
    }
  });
});
