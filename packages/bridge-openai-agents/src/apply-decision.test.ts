import { notRunMessage } from "@inquiry-hub/hub-approvals";
import { Agent, RunToolApprovalItem } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { applyDecision } from "./apply-decision";
import type { PausedRunState } from "./paused-run-state";

const item = new RunToolApprovalItem(
  {
    type: "function_call",
    callId: "call_1",
    name: "send_email",
    arguments: '{"to":"ann@example.com"}',
    status: "completed",
  },
  new Agent({ name: "Mailer" }),
);

/** A state that records what the bridge decided, in the SDK's own terms. */
function recordingState() {
  const calls: {
    approved?: RunToolApprovalItem;
    rejected?: RunToolApprovalItem;
    message?: string;
  }[] = [];
  const state: PausedRunState = {
    getInterruptions: () => [item],
    approve: (approved) => void calls.push({ approved }),
    reject: (rejected, options) => void calls.push({ rejected, message: options?.message }),
    toString: () => "{}",
  };
  return { state, calls };
}

describe("applyDecision", () => {
  it("approves only a plain approval", () => {
    const { state, calls } = recordingState();
    applyDecision(state, item, { inquiryId: "i", decision: "approve", arguments: {} });
    expect(calls).toEqual([{ approved: item }]);
  });

  it.each([
    { decision: "reject" } as const,
    { decision: "reject", message: "not today" } as const,
    { decision: "timeout" } as const,
    { decision: "cancelled" } as const,
    { decision: "edit", arguments: { to: "bob@example.com" } } as const,
  ])("turns %o into a rejection whose message the model reads", (outcome) => {
    const { state, calls } = recordingState();
    applyDecision(state, item, { inquiryId: "i", ...outcome });
    expect(calls).toEqual([
      { rejected: item, message: notRunMessage("send_email", outcome.decision, outcome) },
    ]);
  });
});
