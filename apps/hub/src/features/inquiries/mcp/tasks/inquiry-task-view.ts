import type { Inquiry } from "@inquiry-hub/protocol";
import type { CallToolResult } from "@modelcontextprotocol/server";
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
 * Where a `send_inquiry` task stands, derived from the stored inquiry alone, whichever
 * protocol generation shows it (2026-07-28 here, 2025-11-25 in legacy-inquiry-task-view.ts):
 *
 * - pending: waiting for the person's answer, which the client may also give;
 * - cancelled (withdrawn by tasks/cancel, the caller or the hub): `cancelled`;
 * - answered, declined, timed out: `completed` with exactly the CallToolResult a plain
 *   `send_inquiry` call returns for it (a timeout is a result text there, not an error).
 *
 * No inquiry outcome is a JSON-RPC error, so an inquiry task is never `failed`.
 */
export type InquiryTaskState =
  | { status: "pending" }
  | { status: "cancelled"; statusMessage: string }
  | { status: "completed"; result: CallToolResult };

/** The task state of a stored inquiry (see {@link InquiryTaskState}). */
export function inquiryTaskState(inquiry: Inquiry): InquiryTaskState {
  switch (inquiry.status) {
    case "pending":
      return { status: "pending" };
    case "cancelled":
      return { status: "cancelled", statusMessage: "The question was withdrawn." };
    case "answered":
    case "rejected":
    case "timeout":
      return { status: "completed", result: inquiryToolResult(inquiry) };
  }
}

/** Why a pending task waits, as its `statusMessage` says. */
export const PENDING_TASK_MESSAGE =
  "Waiting for the person's answer (any of their devices, or this client).";

/**
 * A `send_inquiry` task as a 2026-07-28 `tasks/get` shows it: pending is `input_required`
 * with the question as a form elicitation the client may answer, and a completed result
 * carries the `resultType: "complete"` a 2026-07-28 tools/call result has on the wire.
 */
export function inquiryTaskView(inquiry: Inquiry): DetailedTaskV2 {
  const base = taskBase(inquiry);
  const state = inquiryTaskState(inquiry);
  switch (state.status) {
    case "pending":
      return {
        ...base,
        status: "input_required",
        statusMessage: PENDING_TASK_MESSAGE,
        inputRequests: inquiryInputRequests(inquiry),
      };
    case "cancelled":
      return { ...base, ...state };
    case "completed":
      return {
        ...base,
        status: "completed",
        result: CompletedTaskV2Schema.shape.result.parse({
          ...state.result,
          resultType: "complete",
        }),
      };
  }
}

/** What a task says right after its tools/call created it. */
export const CREATED_TASK_MESSAGE = "The question was sent to the person's devices.";

/** The `CreateTaskResult` a tools/call returns once the inquiry is stored. */
export function inquiryTaskCreated(inquiry: Inquiry): CreateTaskResultV2 {
  return {
    ...taskBase(inquiry),
    resultType: "task",
    status: "working",
    statusMessage: CREATED_TASK_MESSAGE,
  };
}
