import { describe, expect, it } from "vitest";
import type { ApprovalDetails, Inquiry } from "@inquiry-hub/protocol";
import { pendingInquiry } from "@/test/fixtures/pending-inquiry";
import { coveredBy, ownDecisionReason, skippedMessages } from "./batch-coverage";

function approval(details: Partial<ApprovalDetails> = {}, overrides: Partial<Inquiry> = {}) {
  return pendingInquiry({
    type: "APPROVAL",
    approval: {
      upstream: "demo",
      tool: "write_file",
      arguments: { path: "a.txt" },
      allowedDecisions: ["approve", "edit", "reject"],
      description: "Write a.txt?",
      batchId: "b1",
      ...details,
    },
    ...overrides,
  });
}

const TEAM: NonNullable<Inquiry["sharedApproval"]> = {
  teamId: "t1",
  teamName: "dba",
  groups: [{ teamId: "t1", teamName: "dba", role: "approver" }],
  required: 1,
  rejectEnds: true,
  selfApproval: false,
  audience: [],
  escalateAfterSeconds: [],
};

describe("ownDecisionReason", () => {
  it("covers a plain approval with either button", () => {
    expect(ownDecisionReason(approval(), "approve")).toBeUndefined();
    expect(ownDecisionReason(approval(), "reject")).toBeUndefined();
  });

  it("leaves a team's approval, a fresh-look one and a disallowed decision to their cards", () => {
    expect(ownDecisionReason(approval({}, { sharedApproval: TEAM }), "approve")).toBe("team");
    expect(ownDecisionReason(approval({ freshLook: true }), "reject")).toBe("fresh-look");
    const rejectOnly = approval({ allowedDecisions: ["reject"] });
    expect(ownDecisionReason(rejectOnly, "approve")).toBe("not-allowed");
    expect(ownDecisionReason(rejectOnly, "reject")).toBeUndefined();
  });
});

describe("coveredBy", () => {
  it("names exactly the approvals the button covers, in the order shown", () => {
    const first = approval();
    const high = approval({ freshLook: true });
    const rejectOnly = approval({ allowedDecisions: ["reject"] });
    const last = approval();
    const shown = [first, high, rejectOnly, last];
    expect(coveredBy(shown, "approve")).toEqual([first, last]);
    expect(coveredBy(shown, "reject")).toEqual([first, rejectOnly, last]);
  });
});

describe("skippedMessages", () => {
  it("says how many each reason left, one sentence per reason", () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    expect(
      skippedMessages([
        { inquiryId: id(1), reason: "fresh-look" },
        { inquiryId: id(2), reason: "team" },
        { inquiryId: id(3), reason: "team" },
      ]),
    ).toEqual([
      { key: "batch.skippedTeam", params: { count: 2 } },
      { key: "batch.skippedFreshLook", params: { count: 1 } },
    ]);
    expect(skippedMessages([])).toEqual([]);
  });
});
