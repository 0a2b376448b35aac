import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";

describe("per-credential caps in the environment", () => {
  it("default below their per-user caps and move with their variables", () => {
    const defaults = loadConfig({});
    expect(defaults.pendingInquiriesPerCredential).toBeLessThan(defaults.pendingInquiriesPerUser);
    expect(defaults.rateLimits.inquiriesPerCredentialPerMinute).toBeLessThan(
      defaults.rateLimits.inquiriesPerMinute,
    );
    expect(defaults.heldCallCaps.perCredential).toBeLessThan(defaults.heldCallCaps.perUser);
    const set = loadConfig({
      HUB_PENDING_INQUIRIES_PER_CREDENTIAL: "5",
      HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE: "50",
      HUB_HELD_CALLS_PER_CREDENTIAL: "4",
      HUB_HELD_CALLS_PER_USER: "8",
    });
    expect(set.pendingInquiriesPerCredential).toBe(5);
    expect(set.rateLimits.inquiriesPerCredentialPerMinute).toBe(50);
    expect(set.heldCallCaps).toStrictEqual({ perCredential: 4, perUser: 8 });
  });

  it("unset, take the defaults' share of a lowered per-user cap, so lowering it alone still starts", () => {
    const lowered = loadConfig({
      HUB_PENDING_INQUIRIES_PER_USER: "20",
      HUB_HELD_CALLS_PER_USER: "10",
      HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE: "40",
    });
    expect(lowered.pendingInquiriesPerCredential).toBe(5);
    expect(lowered.heldCallCaps).toStrictEqual({ perCredential: 3, perUser: 10 });
    expect(lowered.rateLimits.inquiriesPerCredentialPerMinute).toBe(8);
    expect(loadConfig({ HUB_PENDING_INQUIRIES_PER_USER: "2" }).pendingInquiriesPerCredential).toBe(
      1,
    );
  });

  it("refuse to start when a per-credential cap set is not below its per-user one, naming both", () => {
    expect(() =>
      loadConfig({
        HUB_PENDING_INQUIRIES_PER_CREDENTIAL: "100",
        HUB_PENDING_INQUIRIES_PER_USER: "100",
      }),
    ).toThrow(
      "invalid hub configuration: HUB_PENDING_INQUIRIES_PER_CREDENTIAL (100) must be below HUB_PENDING_INQUIRIES_PER_USER (100)",
    );
    expect(() =>
      loadConfig({ HUB_HELD_CALLS_PER_CREDENTIAL: "30", HUB_HELD_CALLS_PER_USER: "10" }),
    ).toThrow(/HUB_HELD_CALLS_PER_CREDENTIAL \(30\) must be below HUB_HELD_CALLS_PER_USER \(10\)/);
    expect(() =>
      loadConfig({
        HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE: "1000",
        HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE: "1000",
      }),
    ).toThrow(
      /HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE \(1000\) must be below HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE \(1000\)/,
    );
    expect(() => loadConfig({ HUB_HELD_CALLS_PER_CREDENTIAL: "0" })).toThrow(
      /HUB_HELD_CALLS_PER_CREDENTIAL/,
    );
  });
});
