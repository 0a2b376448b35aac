import { describe, expect, it } from "vitest";
import type { Inquiry, QuietHours } from "@inquiry-hub/protocol";
import { POLICY_SCHEDULE_ONLY, earlyEscalationOf, escalationTimes } from "./early-escalation";

const CREATED = Date.parse("2026-11-28T12:00:00.000Z");
/** A shared approval with 60 s to decide and `escalate_to` steps at these seconds. */
const approval = (steps: number[]) =>
  ({
    createdAt: new Date(CREATED).toISOString(),
    expiresAt: new Date(CREATED + 60_000).toISOString(),
    sharedApproval: { escalateAfterSeconds: steps },
  }) as unknown as Inquiry;
const offsets = (times: number[]) => times.map((time) => (time - CREATED) / 1000);

describe("when each escalation step is offered", () => {
  it("at the policy's times without an early wish", () => {
    expect(offsets(escalationTimes(approval([20, 50]), POLICY_SCHEDULE_ONLY))).toEqual([20, 50]);
  });

  it("no later than when the share of the time is left, keeping earlier steps", () => {
    const early = { atShareLeft: 0.5, atOnce: false };
    expect(offsets(escalationTimes(approval([20, 50, 55]), early))).toEqual([20, 30, 30]);
  });

  it("every step at once when asked in quiet hours to escalate", () => {
    const early = { atShareLeft: 0.2, atOnce: true };
    expect(offsets(escalationTimes(approval([20, 50]), early))).toEqual([0, 0]);
  });

  it("nothing for a question without escalation steps", () => {
    expect(escalationTimes(approval([]), { atShareLeft: 0.5, atOnce: true })).toEqual([]);
  });
});

describe("the early escalation a person's settings ask for", () => {
  const hours = (during?: "wait" | "escalate"): QuietHours => ({
    start: "22:00",
    end: "07:00",
    timeZone: "UTC",
    ...(during && { during }),
  });
  const asked = new Date("2026-11-28T23:00:00.000Z");
  const quiet = () => true;
  const awake = () => false;

  it("takes the plan's share and escalates at once only in quiet hours with escalate", () => {
    const routing = { pushAfterSeconds: 0, webhookAfterSeconds: null, escalateAtShareLeft: 0.2 };
    expect(earlyEscalationOf({ routing, quietHours: hours("escalate") }, asked, quiet)).toEqual({
      atShareLeft: 0.2,
      atOnce: true,
    });
    expect(earlyEscalationOf({ quietHours: hours("escalate") }, asked, awake)).toEqual(
      POLICY_SCHEDULE_ONLY,
    );
  });

  it("keeps the policy's schedule with wait, with during absent and without settings", () => {
    expect(earlyEscalationOf({ quietHours: hours("wait") }, asked, quiet)).toEqual(
      POLICY_SCHEDULE_ONLY,
    );
    expect(earlyEscalationOf({ quietHours: hours() }, asked, quiet)).toEqual(POLICY_SCHEDULE_ONLY);
    expect(earlyEscalationOf({}, asked, quiet)).toEqual(POLICY_SCHEDULE_ONLY);
  });
});
