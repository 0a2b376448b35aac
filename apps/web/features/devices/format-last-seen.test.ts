import { describe, expect, it } from "vitest";
import { createTranslator } from "@/lib/i18n/translate";
import { formatLastSeen as formatLastSeenIn } from "./format-last-seen";

const formatLastSeen = (lastSeenAt: string, now: number): string =>
  formatLastSeenIn(lastSeenAt, now, createTranslator("en"), "en");

const now = Date.parse("2025-03-10T12:00:00.000Z");

describe("formatLastSeen", () => {
  it("reads recent activity in words", () => {
    expect(formatLastSeen("2025-03-10T11:59:30.000Z", now)).toBe("just now");
    expect(formatLastSeen("2025-03-10T11:55:00.000Z", now)).toBe("5 min ago");
    expect(formatLastSeen("2025-03-10T09:00:00.000Z", now)).toBe("3 h ago");
  });

  it("speaks the page's language", () => {
    expect(
      formatLastSeenIn("2025-03-10T11:55:00.000Z", now, createTranslator("zh-CN"), "zh-CN"),
    ).toBe("5 分钟前");
  });

  it("falls back to the date in the person's locale, and to 'unknown'", () => {
    expect(formatLastSeen("2025-03-01T08:00:00.000Z", now)).toBe("Mar 1, 2025");
    expect(
      formatLastSeenIn("2025-03-01T08:00:00.000Z", now, createTranslator("zh-CN"), "zh-CN"),
    ).toBe("2025年3月1日");
    expect(formatLastSeen("not a date", now)).toBe("unknown");
    expect(formatLastSeen("2025-03-10T12:00:05.000Z", now)).toBe("just now");
  });
});
