import type { Inquiry } from "@inquiry-hub/protocol";
import type { CreateTaskResultV1, TaskV1 } from "@modelcontextprotocol/ext-tasks/core/v1";
import {
  CREATED_TASK_MESSAGE,
  PENDING_TASK_MESSAGE,
  inquiryTaskState,
  taskBase,
} from "./inquiry-task-view";

/** The fields of a 2025-11-25 task, from the same base a 2026-07-28 task has. */
function legacyTaskBase(inquiry: Inquiry) {
  const { taskId, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs } = taskBase(inquiry);
  return { taskId, createdAt, lastUpdatedAt, ttl: ttlMs, pollInterval: pollIntervalMs };
}

/**
 * A `send_inquiry` task as a 2025-11-25 `tasks/get` (and `tasks/cancel`) shows it, from the
 * same {@link inquiryTaskState} as on 2026-07-28. A pending task is `input_required` when the
 * client can be asked the question (it declared form elicitation: `tasks/result` then sends
 * it), else `working`: the person answers on their devices. The result itself is not part
 * of this shape; `tasks/result` returns it.
 */
export function legacyInquiryTask(inquiry: Inquiry, clientCanAnswer: boolean): TaskV1 {
  const base = legacyTaskBase(inquiry);
  const state = inquiryTaskState(inquiry);
  switch (state.status) {
    case "pending":
      return {
        ...base,
        status: clientCanAnswer ? "input_required" : "working",
        statusMessage: PENDING_TASK_MESSAGE,
      };
    case "cancelled":
      return { ...base, ...state };
    case "completed":
      return { ...base, status: "completed" };
  }
}

/** The 2025-11-25 `CreateTaskResult` a task-augmented tools/call returns once stored. */
export function legacyInquiryTaskCreated(inquiry: Inquiry): CreateTaskResultV1 {
  return {
    task: { ...legacyTaskBase(inquiry), status: "working", statusMessage: CREATED_TASK_MESSAGE },
  };
}
