import { describe, expect, it } from "vitest";
import { NOBODY_DECIDED_REASON, toApprovalResponse } from "./approval-response";

const base = { type: "tool-approval-response", approvalId: "approval-1" };

describe("toApprovalResponse", () => {
  it("approves only on an explicit approve", () => {
    expect(toApprovalResponse("approval-1", { inquiryId: "i", decision: "approve" })).toEqual({
      ...base,
      approved: true,
    });
  });

  it("denies a reject with the person's message as the reason the model reads", () => {
    expect(
      toApprovalResponse("approval-1", {
        inquiryId: "i",
        decision: "reject",
        message: "not today",
      }),
    ).toEqual({ ...base, approved: false, reason: "not today" });
    expect(toApprovalResponse("approval-1", { inquiryId: "i", decision: "reject" })).toEqual({
      ...base,
      approved: false,
    });
  });

  it.each(["timeout", "cancelled"] as const)(
    "denies a %s as nobody deciding in time",
    (decision) => {
      expect(toApprovalResponse("approval-1", { inquiryId: "i", decision })).toEqual({
        ...base,
        approved: false,
        reason: NOBODY_DECIDED_REASON,
      });
    },
  );

  it("never runs an edit with the original input: it denies and tells the model the edit", () => {
    expect(
      toApprovalResponse("approval-1", {
        inquiryId: "i",
        decision: "edit",
        arguments: { to: "x@y.z" },
      }),
    ).toEqual({
      ...base,
      approved: false,
      reason: 'The person asked for different arguments instead: {"to":"x@y.z"}',
    });
  });
});
