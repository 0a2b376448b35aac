import type { Inquiry } from "@inquiry-hub/protocol";
import { TASKS_EXTENSION_ID_V2 } from "@modelcontextprotocol/ext-tasks/core/v2";
import type { McpServer } from "@modelcontextprotocol/server";
import { requestAcceptsTasks } from "./client-tasks-capability";
import { INQUIRY_INPUT_KEY, applyInputResponse } from "./inquiry-input-request";
import type { InquiryTaskEra, InquiryTaskMethodsContext } from "./inquiry-task-starter";
import { inquiryTaskCreated, inquiryTaskView } from "./inquiry-task-view";
import { TaskParamsSchema, taskRequestRunner } from "./task-request";

/**
 * Serves the Tasks extension's methods for `send_inquiry` tasks on one (per-request) server
 * and declares the extension in its capabilities; call before connecting. Nothing is kept
 * in this process: each method reads and writes the shared store, so any node serves any task.
 *
 * - `tasks/get`: the task as {@link inquiryTaskView} derives it from the stored inquiry.
 * - `tasks/update`: an accepted response to the one input request answers the inquiry like a
 *   device would (first answer wins). A `decline` or `cancel` is the client dismissing the
 *   question, not the person answering it: nothing changes, the card stays open on every
 *   device and the task `input_required` (see answerFromInputResponse). Responses under other
 *   keys, and any response once the inquiry is final (the key is no longer outstanding), are
 *   ignored, as the spec recommends; the client sees the final state on its next `tasks/get`.
 *   An invalid answer is -32602, and so is any response to a pending APPROVAL (its asker
 *   never decides it; see applyInputResponse).
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
      await applyInputResponse(tasks, caller, inquiry, response);
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

/**
 * Tasks as 2026-07-28 requests carry them: a call asks for a task by declaring the extension
 * in its per-request capabilities, and the task's input request travels in `tasks/get`.
 */
export const modernInquiryTasks: InquiryTaskEra = {
  accepts: requestAcceptsTasks,
  created: inquiryTaskCreated,
  serve: serveInquiryTaskMethods,
};
