import { describe, expect, it } from "vitest";
import { formatClock, millisecondsUntil } from "./format-countdown";

describe("formatClock", () => {
  it("formats minutes and zero-padded seconds", () => {
    expect(formatClock(114_000)).toBe("1:54");
    expect(formatClock(9_000)).toBe("0:09");
    expect(formatClock(600_000)).toBe("10:00");
  });

  it("rounds partial seconds up so zero means the deadline passed", () => {
    expect(formatClock(113_001)).toBe("1:54");
    expect(formatClock(1)).toBe("0:01");
    expect(formatClock(0)).toBe("0:00");
  });

  it("clamps negative values to zero", () => {
    expect(formatClock(-5_000)).toBe("0:00");
  });

  it("shows hours for long deadlines", () => {
    expect(formatClock(3_723_000)).toBe("1:02:03");
  });
});

describe("millisecondsUntil", () => {
  const now = Date.parse("2025-01-01T00:00:00.000Z");

  it("measures the distance to an ISO deadline", () => {
    expect(millisecondsUntil("2025-01-01T00:01:54.000Z", now)).toBe(114_000);
    expect(millisecondsUntil("2024-12-31T23:59:59.000Z", now)).toBe(-1_000);
  });

  it("has no answer without a valid deadline", () => {
    expect(millisecondsUntil(undefined, now)).toBeUndefined();
    expect(millisecondsUntil("soon", now)).toBeUndefined();
  });
});
