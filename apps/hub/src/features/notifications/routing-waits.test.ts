import { describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import { createRoutingWaits } from "./routing-waits";
import type { ReachSettings } from "./routing-plan";

const question = { id: "q1", userId: "u1", status: "pending" } as Inquiry;
// Quiet hours that end 300 ms after the clock below reads.
const QUIET: ReachSettings = {
  quietHours: { start: "12:00", end: "13:00", timeZone: "UTC" },
};
const clock = () => new Date("2026-11-28T12:59:59.700Z");

function waitsFor(settings: ReachSettings, seen = false) {
  return createRoutingWaits(
    { reachOf: () => Promise.resolve(settings), seen: () => Promise.resolve(seen) },
    clock,
  );
}

describe("a channel's waiting first step", () => {
  it("goes out when the quiet hours end and nobody has seen the question", async () => {
    const started = Date.now();
    expect(await waitsFor(QUIET).due(question, "push")).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("stays back when the question was seen meanwhile", async () => {
    expect(await waitsFor(QUIET, true).due(question, "webhook")).toBe(false);
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

  it("goes out at once without sources or settings", async () => {
    expect(await createRoutingWaits(undefined).due(question, "push")).toBe(true);
    expect(await waitsFor({}).due(question, "webhook")).toBe(true);
  });
});
