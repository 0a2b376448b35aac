import { describe, expect, it } from "vitest";
import type { Inquiry, QuietHours } from "@inquiry-hub/protocol";
import { channelStep, isUrgent, quietHoursLeftMs } from "./routing-plan";

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
  const plan = { pushAfterSeconds: 30, webhookAfterSeconds: 120 };
  const pushOnly = { pushAfterSeconds: 30, webhookAfterSeconds: null };
  const noon = at("2026-11-28T12:00:00Z");
  const night = at("2026-11-28T22:30:00Z");
  const step = (planMs: number, heldMs = 0, noTab = false) => ({ planMs, heldMs, noTab });
  const quietLeft = 7.5 * 3_600_000;

  it.each([
    ["no plan, a tab", {}, "push", "tab", noon, step(0)],
    ["no plan, no tab: unchanged", {}, "push", "none", noon, step(0)],
    ["no plan, webhook", {}, "webhook", "unknown", noon, step(0)],
    ["a plan, a tab: the push waits", { routing: plan }, "push", "tab", noon, step(30_000)],
    ["a plan, no presence known: waits", { routing: plan }, "push", "unknown", noon, step(30_000)],
    ["a plan, no tab: the push at once", { routing: plan }, "push", "none", noon, step(0, 0, true)],
    [
      "a plan, no tab: webhook keeps its wait",
      { routing: plan },
      "webhook",
      "none",
      noon,
      step(120_000),
    ],
    ["a plan without webhook: never", { routing: pushOnly }, "webhook", "tab", noon, undefined],
    [
      "quiet hours hold a normal question",
      { quietHours: NIGHT },
      "push",
      "tab",
      night,
      step(0, quietLeft),
    ],
    [
      "a plan's wait inside quiet hours",
      { routing: plan, quietHours: NIGHT },
      "push",
      "tab",
      night,
      step(30_000, quietLeft - 30_000),
    ],
    [
      "no tab during quiet hours: held all the same",
      { routing: plan, quietHours: NIGHT },
      "push",
      "none",
      night,
      step(0, quietLeft, true),
    ],
  ] as const)("%s", (_name, settings, channel, attention, now, expected) => {
    expect(channelStep(settings, question(), channel, now, attention)).toEqual(expected);
  });

  it("as usual for a high-risk question or a team approval during quiet hours", () => {
    expect(isUrgent(risky("high"))).toBe(true);
    expect(isUrgent(risky("medium"))).toBe(false);
    const shared = question({ sharedApproval: { audience: [] } } as unknown as Partial<Inquiry>);
    expect(isUrgent(shared)).toBe(true);
    expect(channelStep({ quietHours: NIGHT }, risky("high"), "push", night)).toEqual(step(0));
    expect(channelStep({ routing: plan, quietHours: NIGHT }, shared, "push", night)).toEqual(
      step(30_000),
    );
    expect(channelStep({ quietHours: NIGHT }, risky("medium"), "push", night)).toEqual(
      step(0, quietLeft),
    );
  });
});
