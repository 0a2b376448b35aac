import { describe, expect, it } from "vitest";
import { createTranslator } from "@/lib/i18n/translate";
import { formatDuration as formatDurationIn } from "./describe-history";

const formatDuration = (ms: number): string => formatDurationIn(ms, createTranslator("en"));

describe("formatDuration", () => {
  it("picks the unit a person reads at a glance", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(12_400)).toBe("12 s");
    expect(formatDuration(180_000)).toBe("3 min");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
    expect(formatDuration(2 * 3_600_000 + 4 * 60_000)).toBe("2 h 4 min");
  });
});
