import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol";
import { InquirySchema } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import {
  alreadyResolvedError,
  applyResolution,
  hubResolution,
  openInquiry,
  resolutionFromAnswer,
} from "./inquiry-machine";

const at = new Date("2026-01-01T00:00:00.000Z");

function pending(type: Inquiry["type"] = "INQUIRY"): Inquiry {
  return openInquiry({
    id: "4f7c2a3e-8a51-4d38-9d55-0f6a2b1c9e10",
    userId: "user-1",
    type,
    question: "Which city?",
    options: ["Paris"],
    createdAt: at,
    expiresAt: new Date(at.getTime() + 60_000),
  });
}

describe("inquiry machine", () => {
  it("opens a valid pending record of plain JSON data", () => {
    const inquiry = pending();
    expect(InquirySchema.parse(inquiry)).toEqual(inquiry);
    expect(JSON.parse(JSON.stringify(inquiry))).toEqual(inquiry);
    expect(inquiry).toMatchObject({ status: "pending", resolution: null });
  });

  it("maps each action to its final status", () => {
    expect(
      resolutionFromAnswer("INQUIRY", { action: "answer", response: "Paris" }, at, "api"),
    ).toMatchObject({
      status: "answered",
      response: "Paris",
      byDeviceId: "api",
    });
    expect(
      resolutionFromAnswer(
        "INQUIRY",
        { action: "reject", reason: "no", deviceId: "claimed-by-body" },
        at,
        "phone",
      ),
    ).toMatchObject({
      status: "rejected",
      reason: "no",
      byDeviceId: "phone",
    });
    expect(resolutionFromAnswer("INQUIRY", { action: "timeout" }, at, "api").status).toBe(
      "timeout",
    );
    expect(resolutionFromAnswer("APPROVAL", { action: "approve" }, at, "api")).toMatchObject({
      status: "answered",
      response: "approve",
    });
    expect(
      resolutionFromAnswer("APPROVAL", { action: "edit", args: { path: "/tmp" } }, at, "api"),
    ).toMatchObject({
      status: "answered",
      response: "edit",
      values: { path: "/tmp" },
    });
    expect(resolutionFromAnswer("APPROVAL", { action: "reject" }, at, "api").status).toBe(
      "rejected",
    );
  });

  it.each<[Inquiry["type"], AnswerBody]>([
    ["INQUIRY", { action: "approve" }],
    ["INQUIRY", { action: "edit", args: {} }],
    ["APPROVAL", { action: "answer", response: "yes" }],
    ["APPROVAL", { action: "timeout" }],
  ])("rejects an action that does not fit the type (%s, %o)", (type, body) => {
    expect(() => resolutionFromAnswer(type, body, at, "api")).toThrow(HubError);
  });

  it("resolves exactly once, whatever the sequence of attempts", () => {
    const attempt = fc.constantFrom(
      resolutionFromAnswer("INQUIRY", { action: "answer", response: "a" }, at, "d1"),
      resolutionFromAnswer("INQUIRY", { action: "reject" }, at, "d2"),
      hubResolution("timeout", at),
      hubResolution("cancelled", at),
    );
    fc.assert(
      fc.property(fc.array(attempt, { minLength: 1, maxLength: 8 }), (attempts) => {
        let inquiry = pending();
        let applied = 0;
        for (const resolution of attempts) {
          const outcome = applyResolution(inquiry, resolution);
          if (outcome.applied) applied += 1;
          inquiry = outcome.inquiry;
        }
        expect(applied).toBe(1);
        expect(inquiry.resolution).toEqual(attempts[0]);
        expect(inquiry.status).toBe(attempts[0]?.status);
      }),
    );
  });

  it("names how and by whom in the conflict error", () => {
    const byDevice = applyResolution(
      pending(),
      resolutionFromAnswer("INQUIRY", { action: "answer", response: "x" }, at, "phone-1"),
    );
    const error = alreadyResolvedError(byDevice.inquiry);
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("inquiry already answered by device phone-1");
    expect(error.details).toEqual({
      status: "answered",
      byDeviceId: "phone-1",
      resolvedAt: at.toISOString(),
    });
    const named = alreadyResolvedError(byDevice.inquiry, "Pixel 7");
    expect(named.message).toBe('inquiry already answered on "Pixel 7" (device phone-1)');
    expect(named.details).toMatchObject({ byDeviceName: "Pixel 7" });

    const byHub = applyResolution(pending(), hubResolution("timeout", at));
    expect(alreadyResolvedError(byHub.inquiry).message).toBe(
      "inquiry already closed as timed out by the hub",
    );
  });
});
