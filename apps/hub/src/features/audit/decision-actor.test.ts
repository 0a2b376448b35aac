import type { InquiryResolution } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { openTestInquiry } from "../../../test/support/test-inquiry";
import { answerChannel, decisionChannel, decisionFacts } from "./decision-actor";

const AT = "2026-11-28T06:00:03.250Z";
const answered = (extra: Partial<InquiryResolution>): InquiryResolution => ({
  status: "answered",
  resolvedAt: AT,
  ...extra,
});

describe("decisionChannel", () => {
  it("reads each channel from the resolution alone", () => {
    expect(decisionChannel(answered({ byDeviceId: "phone" }))).toBe("app");
    expect(decisionChannel(answered({ byDeviceId: "key", via: "mcp-client" }))).toBe("mcp-client");
    expect(decisionChannel(answered({ byDeviceId: "phone", via: "push" }))).toBe("push");
    expect(decisionChannel(answered({ byRule: { id: "r1", name: "docs" } }))).toBe("rule");
    expect(decisionChannel(answered({ delegated: true }))).toBe("yolo");
    expect(decisionChannel(answered({ byDeviceId: "phone", delegated: true }))).toBe("app");
    expect(decisionChannel({ status: "timeout", resolvedAt: AT })).toBe("hub");
    expect(decisionChannel(null)).toBe("hub");
  });
});

describe("answerChannel", () => {
  it("is the app unless the answer says how it came", () => {
    expect(answerChannel(undefined)).toBe("app");
    expect(answerChannel("push")).toBe("push");
    expect(answerChannel("mcp-client")).toBe("mcp-client");
  });
});

describe("decisionFacts", () => {
  it("names the device, the time from asked to decided and the rule that stood in", () => {
    const inquiry = openTestInquiry("ada", 60_000, new Date("2026-11-28T06:00:00.000Z"));
    const resolution = answered({ byRule: { id: "r1", name: "docs" } });
    expect(decisionFacts({ ...inquiry, status: "answered", resolution })).toEqual({
      actor: { userId: "ada", channel: "rule" },
      durationMs: 3_250,
      standing: { rule: { id: "r1", name: "docs" } },
    });
    const byPhone = {
      ...inquiry,
      status: "answered" as const,
      resolution: answered({ byDeviceId: "phone" }),
    };
    expect(decisionFacts(byPhone).actor).toEqual({
      userId: "ada",
      deviceId: "phone",
      channel: "app",
    });
    const byPush = { ...byPhone, resolution: answered({ byDeviceId: "phone", via: "push" }) };
    expect(decisionFacts(byPush).actor).toEqual({
      userId: "ada",
      deviceId: "phone",
      channel: "push",
    });
    expect(decisionFacts(inquiry)).toEqual({ actor: { userId: "ada", channel: "hub" } });
  });
});
