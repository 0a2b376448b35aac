import type { Inquiry } from "@inquiry-hub/protocol";
import type { CallToolResult, McpServer, ServerContext } from "@modelcontextprotocol/server";
import type { CreateInquiryInput } from "../../../core/inquiries/inquiry-service";
import { isTaskOf } from "../../../core/inquiries/inquiry-tasks";
import { inquiryToolResult } from "../inquiry-tool-result";
import { requestAcceptsTasks } from "./client-tasks-capability";
import { inquiryTaskCreated } from "./inquiry-task-view";
import { serveInquiryTaskMethods } from "./inquiry-task-methods";
import type { InquiryTaskMethodsContext } from "./inquiry-task-methods";

/** The one hook `send_inquiry` needs to run as a task. */
export interface InquiryTaskStarter {
  /** Whether this call may be answered with a task (it declared the extension). */
  accepts(ctx: ServerContext): boolean;
  /**
   * Stores and announces the inquiry, then returns its CreateTaskResult: the record is in
   * the shared store before the result leaves, so a `tasks/get` on any node finds it. The
   * call returns at once; nothing waits in this process, and the client's polling (or a
   * later process of it, with the task id) picks up the answer. An inquiry that is already
   * final on creation (none today) is answered as a plain result instead of a task.
   *
   * Typed as the tool result it travels as: the SDK passes `resultType: "task"` through on
   * `tools/call` and gives every tool result a `content` array, empty here.
   */
  start(input: CreateInquiryInput): Promise<CallToolResult>;
  /**
   * A keyed call's inquiry, already created once per user and key by the idempotency index,
   * as this call's result: the same key gives the same task (the task id derives from the
   * inquiry id), so a client retrying a keyed call after a crash finds its task again. A
   * final inquiry is its plain result. `undefined` when the inquiry is not this credential's
   * (another credential of the user used the key first): tasks are bound to their
   * credential, so that call holds on the inquiry as a keyed call without tasks does.
   */
  follow(inquiry: Inquiry): CallToolResult | undefined;
}

/**
 * Makes `send_inquiry` task-capable on one per-request server: serves the task methods,
 * declares the extension, and returns the hook the tool handler calls.
 *
 * @example
 * const tasks = enableInquiryTasks(server, { tasks: inquiryTasks, caller, logger });
 * // in send_inquiry, once the input is built:
 * if (tasks.accepts(ctx)) return tasks.start(input);
 * // or, for a keyed call, once the index gave the key's inquiry:
 * const task = tasks.accepts(ctx) ? tasks.follow(inquiry) : undefined;
 */
export function enableInquiryTasks(
  server: McpServer,
  context: InquiryTaskMethodsContext,
): InquiryTaskStarter {
  serveInquiryTaskMethods(server, context);
  function taskResult(inquiry: Inquiry): CallToolResult {
    if (inquiry.status !== "pending") return inquiryToolResult(inquiry);
    return { content: [], ...inquiryTaskCreated(inquiry) };
  }
  return {
    accepts: requestAcceptsTasks,
    async start(input) {
      return taskResult(await context.tasks.open(context.caller, input));
    },
    follow(inquiry) {
      if (inquiry.status === "pending" && !isTaskOf(context.caller, inquiry)) return undefined;
      return taskResult(inquiry);
    },
  };
}
