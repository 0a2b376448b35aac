import { describe, expect, it } from "vitest";
import { localDay, shiftDay } from "./digest-client";

describe("the digest's days", () => {
  it("counts back on the browser's own calendar, across a month and a year", () => {
    expect(localDay(1, new Date(2026, 2, 1, 0, 30))).toBe("2026-02-28");
    expect(localDay(0, new Date(2027, 0, 1, 23, 59))).toBe("2027-01-01");
  });

  it("steps a day forward and back", () => {
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });
});
