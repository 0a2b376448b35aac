import { describe, expect, expectTypeOf, it } from "vitest";
import type { Inquiry } from "../inquiry";
import { SocketEventError, parseSocketEvent } from "./parse-socket-event";

const INQUIRY_ID = "6f0c2a4e-8a8f-4a53-9d51-0c1f5d1b1a11";

describe("parseSocketEvent", () => {
  it("returns the payload its event's schema accepted, typed as that event's", () => {
    const parsed = parseSocketEvent("inquiry:expiring", {
      inquiryId: INQUIRY_ID,
      expiresAt: "2026-01-01T00:00:00.000Z",
    });
    expect(parsed).toEqual({
      success: true,
      data: { inquiryId: INQUIRY_ID, expiresAt: "2026-01-01T00:00:00.000Z" },
    });
    const pending = parseSocketEvent("inquiry:pending", []);
    if (pending.success) expectTypeOf(pending.data).toEqualTypeOf<Inquiry[]>();
    expect(pending.success).toBe(true);
  });

  it("refuses a payload of another event, naming the event and the field", () => {
    const parsed = parseSocketEvent("inquiry:agent-waiting", {
      inquiryId: INQUIRY_ID,
      expiresAt: "2026-01-01T00:00:00.000Z",
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error).toBeInstanceOf(SocketEventError);
    expect(parsed.error.event).toBe("inquiry:agent-waiting");
    expect(parsed.error.message).toContain('socket event "inquiry:agent-waiting"');
    expect(parsed.error.message).toContain("agentWaiting");
    expect(parsed.error.cause.issues[0]?.path).toEqual(["agentWaiting"]);
  });

  it("refuses a malformed item of a list event", () => {
    const parsed = parseSocketEvent("inquiry:pending", [{ id: "not-a-uuid" }]);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.message).toContain('"inquiry:pending"');
  });
});
