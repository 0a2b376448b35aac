import type { RunToolApprovalItem } from "@openai/agents";
import { notRunMessage } from "@inquiry-hub/hub-approvals";
import type { RequestApprovalResult } from "@inquiry-hub/hub-approvals";
import type { PausedRunState } from "./paused-run-state";

/**
 * Records the hub's decision on the run state the way the SDK expects, so the next
 * `run(agent, state)` runs the call (approve) or hands the model `notRunMessage` instead (the SDK sends
 * `reject`'s message to the model as the call's result).
 * Anything but a plain approval is a rejection: `edit` is never offered (see
 * OFFERED_DECISIONS), and a timeout or a cancelled request means nobody said yes.
 */
export function applyDecision(
  state: PausedRunState,
  item: RunToolApprovalItem,
  result: RequestApprovalResult,
): void {
  const { decision } = result;
  if (decision === "approve") {
    state.approve(item);
    return;
  }
  state.reject(item, { message: notRunMessage(item.name ?? item.rawItem.type, decision, result) });
}
