import { describe, expect, it } from "vitest";
import { openingDay } from "./digest-day";

const TODAY = "2026-11-28";
const YESTERDAY = "2026-11-27";

describe("the day a digest link opens on", () => {
  it("opens on the linked day, today's included", () => {
    expect(openingDay("2026-11-20", TODAY, YESTERDAY)).toEqual({
      day: "2026-11-20",
      refused: false,
    });
    expect(openingDay(TODAY, TODAY, YESTERDAY)).toEqual({ day: TODAY, refused: false });
    expect(openingDay("2024-02-29", TODAY, YESTERDAY)).toEqual({
      day: "2024-02-29",
      refused: false,
    });
  });

  it("opens on the fallback, quietly, without a day", () => {
    expect(openingDay(undefined, TODAY, YESTERDAY)).toEqual({ day: YESTERDAY, refused: false });
  });

  it("refuses a day it cannot show and opens on the fallback", () => {
    for (const param of [
      "",
      "yesterday",
      "2026-11-29",
      "2026-02-30",
      "2025-02-29",
      "2026-13-01",
      "2026-1-5",
      "2026-11-20T00:00:00Z",
      " 2026-11-20",
      ["2026-11-20", "2026-11-21"],
    ]) {
      expect(openingDay(param, TODAY, YESTERDAY), String(param)).toEqual({
        day: YESTERDAY,
        refused: true,
      });
    }
  });
});
