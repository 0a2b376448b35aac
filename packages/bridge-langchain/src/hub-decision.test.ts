import { describe, expect, it } from "vitest";
import { UndecidedApprovalError, toDecision } from "./hub-decision";

const ALL = ["approve", "edit", "reject"] as const;

describe("toDecision", () => {
  it("approves without touching the model's arguments", () => {
    expect(
      toDecision("send_email", ALL, { inquiryId: "i1", decision: "approve", arguments: {} }),
    ).toEqual({ type: "approve" });
  });

  it("turns an edit into the same tool with the person's arguments", () => {
    expect(
      toDecision("send_email", ALL, { inquiryId: "i1", decision: "edit", arguments: { to: "b" } }),
    ).toEqual({ type: "edit", editedAction: { name: "send_email", args: { to: "b" } } });
    expect(() => toDecision("send_email", ALL, { inquiryId: "i1", decision: "edit" })).toThrow(
      /without the edited arguments/,
    );
  });

  it("rejects with the person's message quoted, or without one", () => {
    expect(
      toDecision("send_email", ALL, { inquiryId: "i1", decision: "reject", message: "later" }),
    ).toEqual({
      type: "reject",
      message: expect.stringContaining(
        'The person rejected the call to send_email, so it was not run. Their message: "later".',
      ) as string,
    });
    expect(toDecision("send_email", ALL, { inquiryId: "i1", decision: "reject" })).toEqual({
      type: "reject",
      message: expect.not.stringContaining("Their message") as string,
    });
  });

  it("rejects a call nobody decided, saying so", () => {
    expect(toDecision("send_email", ALL, { inquiryId: "i1", decision: "timeout" })).toEqual({
      type: "reject",
      message: expect.stringContaining("nobody decided in time") as string,
    });
    expect(toDecision("send_email", ALL, { inquiryId: "i1", decision: "cancelled" })).toEqual({
      type: "reject",
      message: expect.stringContaining("cancelled before anyone decided") as string,
    });
  });

  it("refuses to go on when nobody decided and reject is not allowed", () => {
    expect(() =>
      toDecision("send_email", ["approve", "edit"], { inquiryId: "i1", decision: "timeout" }),
    ).toThrow(UndecidedApprovalError);
  });
});
