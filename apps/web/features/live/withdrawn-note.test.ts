import { describe, expect, it } from "vitest";
import type { InquiryWithdrawn } from "@inquiry-hub/protocol";
import { createTranslator, translateMessage } from "@/lib/i18n/translate";
import { withdrawnNote as withdrawnMessage } from "./withdrawn-note";

/** The note as an English-speaking page shows it. */
function withdrawnNote(event: InquiryWithdrawn, thisDeviceId: string | undefined): string {
  return translateMessage(createTranslator("en"), withdrawnMessage(event, thisDeviceId));
}

function withdrawn(overrides: Partial<InquiryWithdrawn>): InquiryWithdrawn {
  return {
    inquiryId: "3f1c2a4e-8a4b-4c3e-9d7e-0a1b2c3d4e5f",
    status: "answered",
    resolvedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("withdrawnNote", () => {
  it("names the device that answered or declined", () => {
    expect(withdrawnNote(withdrawn({ byDeviceId: "d-2", byDeviceName: "Pixel 7" }), "d-1")).toBe(
      "Answered on Pixel 7",
    );
    expect(
      withdrawnNote(
        withdrawn({ status: "rejected", byDeviceId: "d-2", byDeviceName: "Firefox on Linux" }),
        "d-1",
      ),
    ).toBe("Declined on Firefox on Linux");
  });

  it("says 'this device' for this device's own resolution", () => {
    expect(withdrawnNote(withdrawn({ byDeviceId: "d-1", byDeviceName: "Chrome" }), "d-1")).toBe(
      "Answered on this device",
    );
  });

  it("falls back when the device is unnamed or unknown", () => {
    expect(withdrawnNote(withdrawn({ byDeviceId: "d-9" }), undefined)).toBe(
      "Answered on another device",
    );
    expect(withdrawnNote(withdrawn({}), "d-1")).toBe("Answered");
  });

  it("reports timeouts and cancellations without a device", () => {
    expect(withdrawnNote(withdrawn({ status: "timeout", byDeviceId: "d-2" }), "d-1")).toBe(
      "Timed out",
    );
    expect(withdrawnNote(withdrawn({ status: "cancelled" }), "d-1")).toBe("Cancelled");
  });
});
