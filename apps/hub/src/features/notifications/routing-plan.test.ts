import { describe, expect, it } from "vitest";
import type { Inquiry, QuietHours } from "@inquiry-hub/protocol";
import { channelWaitMs, isUrgent, quietHoursLeftMs } from "./routing-plan";

const NIGHT: QuietHours = { start: "22:00", end: "07:00", timeZone: "Europe/Berlin" };
const at = (iso: string) => new Date(iso);

const question = (extra: Partial<Inquiry> = {}): Inquiry =>
  ({ id: "q1", userId: "u1", status: "pending", ...extra }) as Inquiry;
const risky = (level: "low" | "medium" | "high"): Inquiry =>
  question({
    approval: {
      upstream: "demo",
      tool: "execute_sql",
      arguments: {},
      risk: { level, reason: "Deletes rows", source: "rules" },
    },
  } as Partial<Inquiry>);

describe("quiet hours", () => {
  it("hold across midnight in the person's zone and say how long is left", () => {
    // 23:30 in Berlin (UTC+1 in winter): 7.5 hours left until 07:00.
    expect(quietHoursLeftMs(NIGHT, at("2026-11-28T22:30:00Z"))).toBe(7.5 * 3_600_000);
    // 06:59:30 in Berlin: half a minute left.
    expect(quietHoursLeftMs(NIGHT, at("2026-11-28T05:59:30Z"))).toBe(30_000);
  });

  it("do not hold outside the window, its end included", () => {
    expect(quietHoursLeftMs(NIGHT, at("2026-11-28T06:00:00Z"))).toBeUndefined();
    expect(quietHoursLeftMs(NIGHT, at("2026-11-28T12:00:00Z"))).toBeUndefined();
    expect(quietHoursLeftMs(NIGHT, at("2026-11-28T20:59:59Z"))).toBeUndefined();
  });

  it("hold within a same-day window", () => {
    const lunch: QuietHours = { start: "12:00", end: "13:00", timeZone: "UTC" };
    expect(quietHoursLeftMs(lunch, at("2026-11-28T12:15:00Z"))).toBe(45 * 60_000);
    expect(quietHoursLeftMs(lunch, at("2026-11-28T11:59:59Z"))).toBeUndefined();
  });
});

describe("when a channel's first step goes out", () => {
  const plan = { pushAfterSeconds: 30, webhookAfterSeconds: null };
  const noon = at("2026-11-28T12:00:00Z");
  const night = at("2026-11-28T22:30:00Z");

  it("at once without a plan or quiet hours, as always", () => {
    expect(channelWaitMs({}, question(), "push", noon)).toBe(0);
    expect(channelWaitMs({}, question(), "webhook", noon)).toBe(0);
  });

  it("after the plan's delay, and never for a channel the plan leaves out", () => {
    expect(channelWaitMs({ routing: plan }, question(), "push", noon)).toBe(30_000);
    expect(channelWaitMs({ routing: plan }, question(), "webhook", noon)).toBeUndefined();
  });

  it("when quiet hours end for a question that is not urgent", () => {
    expect(channelWaitMs({ quietHours: NIGHT }, risky("medium"), "push", night)).toBe(
      7.5 * 3_600_000,
    );
    // The plan's delay lands inside the hours too: it waits for their end from there.
    expect(channelWaitMs({ routing: plan, quietHours: NIGHT }, question(), "push", night)).toBe(
      7.5 * 3_600_000,
    );
  });

  it("as usual for a high-risk question or a team approval during quiet hours", () => {
    expect(isUrgent(risky("high"))).toBe(true);
    expect(isUrgent(risky("medium"))).toBe(false);
    const shared = question({ sharedApproval: { audience: [] } } as unknown as Partial<Inquiry>);
    expect(isUrgent(shared)).toBe(true);
    expect(channelWaitMs({ quietHours: NIGHT }, risky("high"), "push", night)).toBe(0);
    expect(channelWaitMs({ routing: plan, quietHours: NIGHT }, shared, "push", night)).toBe(30_000);
  });
});
