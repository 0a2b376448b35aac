import type { Inquiry } from "@inquiry-hub/protocol";
import {
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
} from "@modelcontextprotocol/server";
import type {
  CallToolResult,
  ClientCapabilities,
  McpServer,
  ServerContext,
} from "@modelcontextprotocol/server";
import { inquiryToolResult } from "../inquiry-tool-result";
import {
  INQUIRY_INPUT_KEY,
  applyInputResponse,
  inquiryInputRequests,
} from "./inquiry-input-request";
import type { InquiryTaskEra, InquiryTaskMethodsContext } from "./inquiry-task-starter";
import { legacyInquiryTask, legacyInquiryTaskCreated } from "./legacy-inquiry-task-view";
import { LEGACY_SERVER_TASKS_CAPABILITY, legacyCallAcceptsTasks } from "./legacy-task-requests";
import { TaskParamsSchema, taskRequestRunner } from "./task-request";
import { toTaskId } from "./task-id";

/** Whether the client takes form elicitations (2025-11-25: `{}` or `{ form }`). */
function elicitsForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation;
  if (elicitation === undefined) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** Resolves once `signal` aborts: the client stopped waiting for `tasks/result`. */
function whenAborted(signal: AbortSignal): Promise<undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener("abort", () => resolve(undefined), { once: true });
  });
}

/**
 * Serves `tasks/get`, `tasks/result` and `tasks/cancel` for `send_inquiry` tasks on one
 * 2025-11-25 session that declared tasks, and declares the server's `tasks` capability; call
 * before connecting. Every method reads the shared store, as on 2026-07-28, so the task is
 * the same record whichever generation, node or client process asks for it.
 *
 * - `tasks/get`: the task as legacyInquiryTask derives it from the stored inquiry.
 * - `tasks/result`: blocks until the inquiry is final, as the spec demands, then returns
 *   exactly what a plain call returns, tagged with the related task. While it blocks on a
 *   pending question, and the client takes form elicitations, the question goes to the client
 *   once as an `elicitation/create` related to the task: an accepted answer is one more
 *   contestant in first-answer-wins, and a dismissal (decline, cancel, an error, the host's
 *   timeout) changes nothing: the question stays open on every device. An APPROVAL is never
 *   put to its asker. A client that stops waiting leaves the question open, too.
 * - `tasks/cancel`: withdraws the inquiry `cancelled` on every device and returns the task;
 *   a task that is already final is -32602, as the spec says.
 */
function serveLegacyInquiryTaskMethods(
  server: McpServer,
  context: InquiryTaskMethodsContext,
): void {
  const { tasks, caller, logger } = context;
  const withTask = taskRequestRunner("inquiry", logger, () => undefined);
  const clientCanAnswer = (): boolean => elicitsForms(server.server.getClientCapabilities());

  server.server.registerCapabilities({ tasks: LEGACY_SERVER_TASKS_CAPABILITY });

  /** Puts a pending question to the client once; only an accepted answer changes anything. */
  async function askClient(inquiry: Inquiry, ctx: ServerContext, stop: AbortSignal) {
    const request = inquiryInputRequests(inquiry)[INQUIRY_INPUT_KEY];
    if (request === undefined || inquiry.type === "APPROVAL" || !clientCanAnswer()) return;
    const related = { [RELATED_TASK_META_KEY]: { taskId: toTaskId("inquiry", inquiry.id) } };
    try {
      const response = await ctx.mcpReq.send(
        { method: "elicitation/create", params: { ...request.params, _meta: related } },
        { signal: stop, timeout: Math.max(1, Date.parse(inquiry.expiresAt) - Date.now()) },
      );
      await applyInputResponse(tasks, caller, inquiry, response);
    } catch (error) {
      if (!stop.aborted)
        logger.info({ err: error, inquiryId: inquiry.id }, "the client did not answer a task");
    }
  }

  server.server.setRequestHandler("tasks/get", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, async (inquiryId) =>
      legacyInquiryTask(await tasks.read(caller, inquiryId), clientCanAnswer()),
    ),
  );

  server.server.setRequestHandler("tasks/result", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, async (inquiryId): Promise<CallToolResult> => {
      const current = await tasks.read(caller, inquiryId);
      let final = current;
      if (current.status === "pending") {
        const stopAsking = new AbortController();
        void askClient(current, ctx, stopAsking.signal);
        const settled = await Promise.race([
          tasks.settled(caller, inquiryId),
          whenAborted(ctx.mcpReq.signal),
        ]);
        stopAsking.abort();
        if (settled === undefined)
          throw new ProtocolError(ProtocolErrorCode.InternalError, "tasks/result was cancelled");
        final = settled;
      }
      const result = inquiryToolResult(final);
      const related = { taskId: toTaskId("inquiry", inquiryId) };
      return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: related } };
    }),
  );

  server.server.setRequestHandler("tasks/cancel", { params: TaskParamsSchema }, (params, ctx) =>
    withTask(params, ctx, async (inquiryId) => {
      const before = await tasks.read(caller, inquiryId);
      const after = before.status === "pending" ? await tasks.cancel(caller, inquiryId) : before;
      if (after.status !== "cancelled" || before.status !== "pending")
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Cannot cancel task: it is already ${legacyInquiryTask(after, false).status}`,
        );
      return legacyInquiryTask(after, false);
    }),
  );
}

/**
 * Tasks as 2025-11-25 sessions carry them: the session declared `tasks` at initialize (see
 * initializeDeclaresTasks) and a call asks for a task with the `task` param (see
 * adaptLegacyTaskWire, which also marks send_inquiry's task support in tools/list).
 */
export const legacyInquiryTasks: InquiryTaskEra = {
  accepts: legacyCallAcceptsTasks,
  created: legacyInquiryTaskCreated,
  serve: serveLegacyInquiryTaskMethods,
};
