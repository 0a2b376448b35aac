import type { Inquiry } from "@inquiry-hub/protocol";
import { TASKS_EXTENSION_ID_V2 } from "@modelcontextprotocol/ext-tasks/core/v2";
import type { McpServer } from "@modelcontextprotocol/server";
import type { InquiryTasks, TaskCaller } from "../../../core/inquiries/inquiry-tasks";
import type { Logger } from "../../../core/shared/ports";
import { INQUIRY_INPUT_KEY, answerFromInputResponse } from "./inquiry-input-request";
import { inquiryTaskView } from "./inquiry-task-view";
import { TaskParamsSchema, taskRequestRunner } from "./task-request";

/** What the task methods of one request's server need. */
export interface InquiryTaskMethodsContext {
  tasks: InquiryTasks;
  /** The credential of this request; tasks of any other credential are not found. */
  caller: TaskCaller;
  logger: Logger;
}

/**
 * Serves the Tasks extension's methods for `send_inquiry` tasks on one (per-request) server
 * and declares the extension in its capabilities; call before connecting. Nothing is kept
 * in this process: each method reads and writes the shared store, so any node serves any task.
 *
 * - `tasks/get`: the task as {@link inquiryTaskView} derives it from the stored inquiry.
 * - `tasks/update`: the response to the one input request answers the inquiry like a device
 *   would (first answer wins). Responses under other keys, and any response once the inquiry
 *   is final (the key is no longer outstanding), are ignored, as the spec recommends; the
 *   client sees the final state on its next `tasks/get`. An invalid answer is -32602, and so
 *   is any answer to a pending APPROVAL (its asker never decides it; see InquiryTasks.answer).
 * - `tasks/cancel`: withdraws the inquiry `cancelled` on every device; acknowledged even when
 *   an answer got there first (cancellation is cooperative).
 */
export function serveInquiryTaskMethods(
  server: McpServer,
  context: InquiryTaskMethodsContext,
): void {
  const { tasks, caller, logger } = context;

  const withTask = taskRequestRunner("inquiry", logger);

  server.server.registerCapabilities({ extensions: { [TASKS_EXTENSION_ID_V2]: {} } });

  server.server.setRequestHandler("tasks/get", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, async (inquiryId) =>
      inquiryTaskView(await tasks.read(caller, inquiryId)),
    ),
  );

  server.server.setRequestHandler("tasks/update", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, async (inquiryId) => {
      const response = ctx.mcpReq.inputResponses?.[INQUIRY_INPUT_KEY];
      const inquiry: Inquiry = await tasks.read(caller, inquiryId);
      if (response === undefined || inquiry.status !== "pending") return {};
      await tasks.answer(caller, inquiryId, answerFromInputResponse(inquiry, response));
      return {};
    }),
  );

  server.server.setRequestHandler("tasks/cancel", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, async (inquiryId) => {
      await tasks.cancel(caller, inquiryId);
      return {};
    }),
  );
}
