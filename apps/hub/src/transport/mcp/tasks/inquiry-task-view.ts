import type { Inquiry } from "@inquiry-hub/protocol";
import { CompletedTaskV2Schema } from "@modelcontextprotocol/ext-tasks/core/v2";
import type { CreateTaskResultV2, DetailedTaskV2 } from "@modelcontextprotocol/ext-tasks/core/v2";
import { inquiryToolResult } from "../inquiry-tool-result";
import { inquiryInputRequests } from "./inquiry-input-request";
import { toTaskId } from "./task-id";
import type { TaskKind } from "./task-id";
import { TASK_POLL_INTERVAL_MS, taskLastUpdatedAt, taskTtlMs } from "./task-timing";

/** The fields every task shape shares, read off the task's inquiry. */
export function taskBase(inquiry: Inquiry, kind: TaskKind = "inquiry") {
  return {
    taskId: toTaskId(kind, inquiry.id),
    createdAt: inquiry.createdAt,
    lastUpdatedAt: taskLastUpdatedAt(inquiry),
    ttlMs: taskTtlMs(inquiry),
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
}

/**
 * A `send_inquiry` task as `tasks/get` shows it, derived from the stored inquiry alone:
 *
 * - pending: `input_required`, the question as a form elicitation the client may answer;
 * - cancelled (withdrawn by tasks/cancel, the caller or the hub): `cancelled`;
 * - answered, declined, timed out: `completed` with exactly the CallToolResult a plain
 *   `send_inquiry` call returns for it (a timeout is a result text there, not an error),
 *   with the `resultType: "complete"` a 2026-07-28 tools/call result carries on the wire.
 *
 * No inquiry outcome is a JSON-RPC error, so an inquiry task is never `failed`.
 */
export function inquiryTaskView(inquiry: Inquiry): DetailedTaskV2 {
  const base = taskBase(inquiry);
  switch (inquiry.status) {
    case "pending":
      return {
        ...base,
        status: "input_required",
        statusMessage: "Waiting for the person's answer (any of their devices, or this client).",
        inputRequests: inquiryInputRequests(inquiry),
      };
    case "cancelled":
      return { ...base, status: "cancelled", statusMessage: "The question was withdrawn." };
    case "answered":
    case "rejected":
    case "timeout":
      return {
        ...base,
        status: "completed",
        result: CompletedTaskV2Schema.shape.result.parse({
          ...inquiryToolResult(inquiry),
          resultType: "complete",
        }),
      };
  }
}

/** The `CreateTaskResult` a tools/call returns once the inquiry is stored. */
export function inquiryTaskCreated(inquiry: Inquiry): CreateTaskResultV2 {
  return {
    ...taskBase(inquiry),
    resultType: "task",
    status: "working",
    statusMessage: "The question was sent to the person's devices.",
  };
}
