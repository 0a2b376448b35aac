import { describe, expect, it } from "vitest";
import { dayBefore, dayBounds, wallClock } from "./zoned-day";

const iso = (instant: number) => new Date(instant).toISOString();

describe("a day in a time zone", () => {
  it("starts and ends at the zone's midnights", () => {
    const { from, to } = dayBounds("2026-11-27", "Asia/Shanghai");
    expect(iso(from)).toBe("2026-11-26T16:00:00.000Z");
    expect(iso(to)).toBe("2026-11-27T15:59:59.999Z");
  });

  it("is 23 hours long on the day clocks go forward, 25 on the day they go back", () => {
    const spring = dayBounds("2026-03-29", "Europe/Berlin");
    expect(iso(spring.from)).toBe("2026-03-28T23:00:00.000Z");
    expect(spring.to - spring.from + 1).toBe(23 * 3_600_000);
    const autumn = dayBounds("2026-10-25", "Europe/Berlin");
    expect(autumn.to - autumn.from + 1).toBe(25 * 3_600_000);
  });

  it("reads the zone's date and hour, and the day before across a month", () => {
    expect(wallClock(Date.parse("2026-11-27T23:30:00Z"), "Asia/Shanghai")).toEqual({
      day: "2026-11-28",
      hour: 7,
    });
    expect(wallClock(Date.parse("2026-11-27T23:30:00Z"), "UTC")).toEqual({
      day: "2026-11-27",
      hour: 23,
    });
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
  });
});
