import { describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import { createRoutingWaits } from "./routing-waits";
import type { Attention, ReachSettings } from "./routing-plan";

const question = { id: "q1", userId: "u1", status: "pending" } as Inquiry;
// Quiet hours that end 300 ms after the clock below reads.
const QUIET: ReachSettings = {
  quietHours: { start: "12:00", end: "13:00", timeZone: "UTC" },
};
const clock = () => new Date("2026-11-28T12:59:59.700Z");

function waitsFor(settings: ReachSettings, seen = false, attention: Attention = "unknown") {
  const steps: string[] = [];
  const waits = createRoutingWaits(
    {
      reachOf: () => Promise.resolve(settings),
      seen: () => Promise.resolve(seen),
      attention: () => Promise.resolve(attention),
      step: (_inquiry, channel, kind, waitSeconds) =>
        steps.push(`${channel} ${kind}${waitSeconds === undefined ? "" : ` ${waitSeconds}`}`),
    },
    clock,
  );
  return Object.assign(waits, { steps });
}

describe("a channel's waiting first step", () => {
  it("goes out when the quiet hours end and nobody has seen the question", async () => {
    const started = Date.now();
    const waits = waitsFor(QUIET);
    expect(await waits.due(question, "push")).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(waits.steps).toEqual(["push held 1"]);
  });

  it("stays back when the question was seen meanwhile, and says so", async () => {
    const waits = waitsFor(QUIET, true);
    expect(await waits.due(question, "webhook")).toBe(false);
    expect(waits.steps).toEqual(["webhook held 1", "webhook skipped-seen"]);
  });

  it("records the plan's wait, or its push at once when no tab is in front of the person", async () => {
    const plan = { routing: { pushAfterSeconds: 30, webhookAfterSeconds: 120 } };
    const noTab = waitsFor(plan, false, "none");
    expect(await noTab.due(question, "push")).toBe(true);
    expect(noTab.steps).toEqual(["push no-tab"]);

    const tab = waitsFor(plan, false, "tab");
    const waiting = tab.due(question, "push");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tab.steps).toEqual(["push waiting 30"]);
    tab.stop();
    expect(await waiting).toBe(false);
  });

  it("is dropped when the question is resolved, or the notifier stops", async () => {
    const resolved = waitsFor(QUIET);
    const resolvedStep = resolved.due(question, "push");
    await new Promise((resolve) => setTimeout(resolve, 20));
    resolved.forget(question.id);
    expect(await resolvedStep).toBe(false);

    const stopped = waitsFor(QUIET);
    const stoppedStep = stopped.due(question, "push");
    await new Promise((resolve) => setTimeout(resolve, 20));
    stopped.stop();
    expect(await stoppedStep).toBe(false);
  });

  it("keeps the plan's wait when presence cannot be read", async () => {
    const waits = createRoutingWaits({
      reachOf: () => Promise.resolve({ routing: { pushAfterSeconds: 30, webhookAfterSeconds: 1 } }),
      seen: () => Promise.resolve(false),
      attention: () => Promise.reject(new Error("presence store down")),
    });
    const step = waits.due(question, "push");
    await new Promise((resolve) => setTimeout(resolve, 20));
    waits.stop();
    expect(await step).toBe(false);
  });

  it("goes out at once without sources or settings", async () => {
    expect(await createRoutingWaits(undefined).due(question, "push")).toBe(true);
    expect(await waitsFor({}).due(question, "webhook")).toBe(true);
  });
});
