import { describe, expect, it } from "vitest";
import { RequestApprovalResultSchema } from "@inquiry-hub/protocol";
import type { ApprovalDecision, Inquiry, InquiryResolution } from "@inquiry-hub/protocol";
import { applyResolution, openInquiry } from "../inquiries/inquiry-machine";
import { approvalOutcome } from "./approval-outcome";
import type { GatedCall } from "./approval-outcome";
import { frameworkApprovalReply } from "./framework-approval-result";

const ARGS = { to: "ada@example.com", body: "Monday" };
const CREATED = new Date("2026-11-26T10:00:00.000Z");

function decided(resolution: Omit<InquiryResolution, "resolvedAt">): Inquiry {
  const pending = openInquiry({
    id: "0b7d3c8e-5f0a-4d8e-9a51-3c4b2f1e6d7a",
    userId: "user-1",
    type: "APPROVAL",
    question: "Send it?",
    options: [],
    approval: {
      upstream: "langgraph",
      tool: "send_email",
      arguments: ARGS,
      allowedDecisions: ["approve", "edit", "reject"],
      description: "Send an email.",
    },
    createdAt: CREATED,
    expiresAt: new Date(CREATED.getTime() + 60_000),
  });
  const resolvedAt = new Date(CREATED.getTime() + 30_000).toISOString();
  return applyResolution(pending, { ...resolution, resolvedAt }).inquiry;
}

function reply(final: Inquiry, allowed: ApprovalDecision[] = ["approve", "edit", "reject"]) {
  const call: GatedCall = {
    tool: "send_email",
    args: ARGS,
    allowedDecisions: allowed,
    onTimeout: "reject",
    checkArguments: (edited) => (typeof edited.to === "string" ? undefined : "to is required"),
  };
  const answer = frameworkApprovalReply(final, "send_email", approvalOutcome(final, call));
  expect(RequestApprovalResultSchema.parse(answer.result)).toEqual(answer.result);
  return answer;
}

describe("frameworkApprovalReply", () => {
  it("returns the original arguments for approve", () => {
    const final = decided({ status: "answered", response: "approve", byDeviceId: "phone" });
    expect(reply(final)).toEqual({
      text: "The person approved the call to send_email; run it with the arguments as given.",
      result: { inquiryId: final.id, decision: "approve", arguments: ARGS },
    });
  });

  it("says when YOLO approved without asking", () => {
    const final = decided({ status: "answered", response: "approve", delegated: true });
    const { text, result } = reply(final);
    expect(result.decision).toBe("approve");
    expect(text).toContain("YOLO");
  });

  it("returns exactly the person's edit for edit", () => {
    const edited = { to: "bob@example.com", body: "Tuesday" };
    const final = decided({ status: "answered", response: "edit", values: edited });
    expect(reply(final).result).toEqual({
      inquiryId: final.id,
      decision: "edit",
      arguments: edited,
    });
  });

  it("returns a reject with the person's message, and without one when none was given", () => {
    const withReason = decided({ status: "rejected", reason: "not today" });
    expect(reply(withReason).result).toEqual({
      inquiryId: withReason.id,
      decision: "reject",
      message: "not today",
    });
    const bare = decided({ status: "rejected", reason: "" });
    expect(reply(bare).result).toEqual({ inquiryId: bare.id, decision: "reject" });
  });

  it("returns timeout and cancelled without arguments", () => {
    const late = decided({ status: "timeout" });
    expect(reply(late)).toEqual({
      text: expect.stringMatching(
        /^No decision on the call to send_email came within 30 seconds/,
      ) as string,
      result: { inquiryId: late.id, decision: "timeout" },
    });
    const withdrawn = decided({ status: "cancelled" });
    expect(reply(withdrawn).result).toEqual({ inquiryId: withdrawn.id, decision: "cancelled" });
  });

  it("fails closed: a decision that was not allowed or an edit that does not fit is a reject", () => {
    const notAllowed = decided({ status: "answered", response: "edit", values: ARGS });
    const refused = reply(notAllowed, ["approve", "reject"]);
    expect(refused.result).toEqual({
      inquiryId: notAllowed.id,
      decision: "reject",
      message: expect.stringContaining('"edit" is not an allowed decision') as string,
    });
    expect(refused.result.arguments).toBeUndefined();

    const misfit = decided({ status: "answered", response: "edit", values: { body: "x" } });
    expect(reply(misfit).result).toMatchObject({
      decision: "reject",
      message: expect.stringContaining("to is required") as string,
    });
  });
});
