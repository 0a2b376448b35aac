import type { Inquiry } from "@inquiry-hub/protocol";
import { TASKS_EXTENSION_ID_V2 } from "@modelcontextprotocol/ext-tasks/core/v2";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Server, ServerContext } from "@modelcontextprotocol/server";
import type { z } from "zod";
import type { InquiryTasks, TaskCaller } from "../../../inquiries/inquiry-tasks";
import { HubError } from "../../../../kernel/errors";
import type { Logger } from "../../../../kernel/ports";
import { TaskParamsSchema, taskRequestRunner } from "../../../inquiries/mcp/tasks/task-request";
import { settleApprovalTask } from "./approval-task-progress";
import type { ApprovalTaskActions } from "./approval-task-progress";
import { approvalTaskView } from "./approval-task-view";

/** Why an approval task's client may not answer it (see `tasks/update` below). */
export const SELF_DECISION_REFUSED =
  "An approval is decided by the person on their devices; the MCP client that asked for the gated call cannot decide it.";

/** What one request's proxy server needs to serve its approval tasks. */
export interface ApprovalTaskMethodsContext {
  tasks: InquiryTasks;
  /** The credential of this request; tasks of any other credential are not found. */
  caller: TaskCaller;
  logger: Logger;
  actions: ApprovalTaskActions;
}

/**
 * Serves the Tasks extension's methods for gated calls of this upstream on one per-request
 * proxy server and declares the extension; call before connecting. Nothing is kept in this
 * process: each method reads the shared store, so any node serves any task, and a task of
 * another upstream, another kind or another credential is "not found".
 *
 * - `tasks/get`: pending shows `working` (the person decides on their devices); a final
 *   decision is acted on at most once, by whichever request sees it first (see
 *   settleApprovalTask), and shown as it stands.
 * - `tasks/update`: an approval task asks its client for nothing, so any input response is
 *   refused (-32602) while the approval is pending: the caller of a gated tool must never
 *   decide its own approval. Once final, the update is acknowledged and changes nothing.
 * - `tasks/cancel`: withdraws the approval `cancelled` on every device; acknowledged even
 *   when a decision got there first.
 */
export function serveApprovalTaskMethods(
  server: Server,
  context: ApprovalTaskMethodsContext,
): void {
  const { tasks, caller, logger, actions } = context;

  async function read(inquiryId: string): Promise<Inquiry> {
    const inquiry = await tasks.read(caller, inquiryId);
    if (inquiry.approval?.upstream !== actions.context.upstream)
      throw new HubError("NOT_FOUND", `approval ${inquiryId} not found`);
    return inquiry;
  }

  const runTaskRequest = taskRequestRunner("approval", logger);
  const withTask = <T>(
    params: z.infer<typeof TaskParamsSchema>,
    ctx: ServerContext,
    act: (inquiry: Inquiry) => Promise<T>,
  ): Promise<T> => runTaskRequest(params, ctx, async (inquiryId) => act(await read(inquiryId)));

  server.registerCapabilities({ extensions: { [TASKS_EXTENSION_ID_V2]: {} } });

  server.setRequestHandler("tasks/get", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, async (inquiry) =>
      approvalTaskView(
        inquiry,
        inquiry.status === "pending" ? undefined : await settleApprovalTask(actions, inquiry, ctx),
      ),
    ),
  );

  server.setRequestHandler("tasks/update", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, (inquiry) => {
      const responses = Object.keys(ctx.mcpReq.inputResponses ?? {});
      if (responses.length > 0 && inquiry.status === "pending")
        return Promise.reject(
          new ProtocolError(ProtocolErrorCode.InvalidParams, SELF_DECISION_REFUSED),
        );
      return Promise.resolve({});
    }),
  );

  server.setRequestHandler("tasks/cancel", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, async (inquiry) => {
      await tasks.cancel(caller, inquiry.id);
      return {};
    }),
  );
}
