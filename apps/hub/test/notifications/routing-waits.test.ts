import { describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import { createRoutingWaits } from "../../src/features/notifications/routing-waits";
import type { RoutingSources } from "../../src/features/notifications/routing-waits";
import type { Attention, ReachSettings } from "../../src/features/notifications/routing-plan";
import { createMemoryDeliveryClaims } from "../../src/features/notifications/stores/memory-delivery-claims";
import type { DeliveryClaims } from "../../src/features/notifications/ports";

// Asked when the clock below reads; quiet hours that end 300 ms later.
const ASKED_AT = "2026-11-28T12:59:59.700Z";
const question = { id: "q1", userId: "u1", status: "pending", createdAt: ASKED_AT } as Inquiry;
const QUIET: ReachSettings = {
  quietHours: { start: "12:00", end: "13:00", timeZone: "UTC" },
};
const PLAN: ReachSettings = { routing: { pushAfterSeconds: 30, webhookAfterSeconds: 120 } };
const clock = () => new Date(ASKED_AT);
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function sourcesFor(settings: ReachSettings, steps: string[], seen = false, attention?: Attention) {
  const sources: RoutingSources = {
    reachOf: () => Promise.resolve(settings),
    seen: () => Promise.resolve(seen),
    step: (_inquiry, channel, kind, waitSeconds) =>
      steps.push(`${channel} ${kind}${waitSeconds === undefined ? "" : ` ${waitSeconds}`}`),
  };
  return attention === undefined
    ? sources
    : { ...sources, attention: () => Promise.resolve(attention) };
}

/** One node's waits of `channel`; `sent` counts the sends it made. */
function node(
  settings: ReachSettings,
  options: {
    channel?: "push" | "webhook";
    seen?: boolean;
    attention?: Attention;
    claims?: DeliveryClaims;
  } = {},
) {
  const steps: string[] = [];
  const claims = options.claims ?? createMemoryDeliveryClaims();
  const channel = options.channel ?? "push";
  const waits = createRoutingWaits({
    sources: sourcesFor(settings, steps, options.seen, options.attention),
    claims,
    channel,
    now: clock,
  });
  const state = { sent: 0 };
  const send = async () => {
    state.sent += 1;
    await claims.recordAnnouncement(channel, question.id, undefined);
  };
  return { waits, steps, claims, state, first: () => waits.first(question, send), send };
}

describe("a channel's waiting first step", () => {
  it("goes out when the quiet hours end and nobody has seen the question", async () => {
    const started = Date.now();
    const push = node(QUIET);
    await push.first();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(push.state.sent).toBe(1);
    expect(push.steps).toEqual(["push held 1"]);
  });

  it("stays back when the question was seen meanwhile, and says so", async () => {
    const webhook = node(QUIET, { channel: "webhook", seen: true });
    await webhook.first();
    expect(webhook.state.sent).toBe(0);
    expect(webhook.steps).toEqual(["webhook held 1", "webhook skipped-seen"]);
  });

  it("records the plan's wait, or its push at once when no tab is in front of the person", async () => {
    const noTab = node(PLAN, { attention: "none" });
    await noTab.first();
    expect(noTab.state.sent).toBe(1);
    expect(noTab.steps).toEqual(["push no-tab"]);

    const tab = node(PLAN, { attention: "tab" });
    const waiting = tab.first();
    await tick();
    expect(tab.steps).toEqual(["push waiting 30"]);
    tab.waits.stop();
    await waiting;
    expect(tab.state.sent).toBe(0);
  });

  it("is sent once by whichever node claims it when due, with one set of receipts", async () => {
    const claims = createMemoryDeliveryClaims();
    const [one, two] = [node(QUIET, { claims }), node(QUIET, { claims })];
    await Promise.all([one.first(), two.first()]);
    expect(one.state.sent + two.state.sent).toBe(1);
    expect([...one.steps, ...two.steps]).toEqual(["push held 1"]);
  });

  it("is picked up by a node started during the wait, and by nobody once resolved", async () => {
    const claims = createMemoryDeliveryClaims();
    const gone = node(QUIET, { claims });
    const waiting = gone.first();
    await tick();
    gone.waits.stop();
    await waiting;
    const started = node(QUIET, { claims });
    await started.waits.resume(question, started.send);
    expect([gone.state.sent, started.state.sent]).toEqual([0, 1]);

    const again = node(QUIET);
    const armed = again.first();
    await tick();
    again.waits.forget(question.id);
    await again.claims.claimFollowUp("push", question.id, "resolved");
    await armed;
    await again.waits.resume(question, again.send);
    expect(again.state.sent).toBe(0);
  });

  it("keeps the plan's wait when presence cannot be read", async () => {
    const waits = createRoutingWaits({
      sources: {
        reachOf: () => Promise.resolve(PLAN),
        seen: () => Promise.resolve(false),
        attention: () => Promise.reject(new Error("presence store down")),
      },
      claims: createMemoryDeliveryClaims(),
      channel: "push",
      now: clock,
    });
    let sent = false;
    const step = waits.first(question, () => Promise.resolve(void (sent = true)));
    await tick();
    waits.stop();
    await step;
    expect(sent).toBe(false);
  });

  it("goes out at once without sources or settings", async () => {
    let sent = 0;
    const send = () => Promise.resolve(void (sent += 1));
    const claims = createMemoryDeliveryClaims();
    await createRoutingWaits({ sources: undefined, claims, channel: "push" }).first(question, send);
    const webhook = node({}, { channel: "webhook" });
    await webhook.first();
    expect(webhook.state.sent).toBe(1);
    await createRoutingWaits({ sources: undefined, claims, channel: "webhook" }).first(
      question,
      send,
    );
    expect(sent).toBe(2);
  });
});
