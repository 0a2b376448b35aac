import type { Inquiry } from "@inquiry-hub/protocol";
import { CompletedTaskV2Schema, FailedTaskV2Schema } from "@modelcontextprotocol/ext-tasks/core/v2";
import type { CreateTaskResultV2, DetailedTaskV2 } from "@modelcontextprotocol/ext-tasks/core/v2";
import { taskBase } from "../../../inquiries/mcp/tasks/inquiry-task-view";
import type { ApprovalTaskProgress } from "./approval-task-progress";

/**
 * An approval task as `tasks/get` shows it:
 *
 * - approval pending: `working`, waiting for the person. Never `input_required`: the client
 *   that asked for a gated call must not be the one to decide it (a gate the gated agent
 *   could open is no gate), so there is nothing for it to provide;
 * - approved and being forwarded on some node: `working`;
 * - withdrawn: `cancelled`;
 * - done: `completed` with the upstream's CallToolResult (or the not-run text of a reject,
 *   timeout or unusable decision: the same result a blocking call returns), or `failed` with
 *   the upstream's own JSON-RPC error, which a blocking call passes through as an error too.
 */
export function approvalTaskView(
  inquiry: Inquiry,
  progress: ApprovalTaskProgress | undefined,
): DetailedTaskV2 {
  const base = taskBase(inquiry, "approval");
  if (progress === undefined)
    return {
      ...base,
      status: "working",
      statusMessage: "Waiting for the person's decision on their devices.",
    };
  switch (progress.kind) {
    case "forwarding":
      return { ...base, status: "working", statusMessage: "Approved; the call is running." };
    case "cancelled":
      return { ...base, status: "cancelled", statusMessage: "The approval was withdrawn." };
    case "done":
      break;
  }
  const { outcome } = progress;
  if ("error" in outcome)
    return FailedTaskV2Schema.parse({ ...base, status: "failed", error: outcome.error });
  return {
    ...base,
    status: "completed",
    result: CompletedTaskV2Schema.shape.result.parse({
      ...outcome.result,
      resultType: "complete",
    }),
  };
}

/** The `CreateTaskResult` a gated tools/call returns once its approval is stored. */
export function approvalTaskCreated(inquiry: Inquiry): CreateTaskResultV2 {
  return {
    ...taskBase(inquiry, "approval"),
    resultType: "task",
    status: "working",
    statusMessage: "The approval was sent to the person's devices.",
  };
}
