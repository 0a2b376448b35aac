import type { Inquiry } from "@inquiry-hub/protocol";
import type { CallToolResult, McpServer, ServerContext } from "@modelcontextprotocol/server";
import type { CreateInquiryInput } from "../../inquiry-service";
import { isTaskOf } from "../../inquiry-tasks";
import type { InquiryTasks, TaskCaller } from "../../inquiry-tasks";
import type { Logger } from "../../../../kernel/ports";
import { inquiryToolResult } from "../inquiry-tool-result";

/** What the task methods of one caller's server need. */
export interface InquiryTaskMethodsContext {
  tasks: InquiryTasks;
  /** The credential of this request or session; tasks of any other credential are not found. */
  caller: TaskCaller;
  logger: Logger;
}

/**
 * What differs between the protocol generations that carry Tasks: how a call asks for a task,
 * the CreateTaskResult's shape, and the `tasks/*` methods. Everything else (the store-derived
 * task, its id, who may see it, what an answer does) is the same on both.
 */
export interface InquiryTaskEra {
  /** Whether this call asked for a task (and may be answered with one). */
  accepts(ctx: ServerContext): boolean;
  /** The CreateTaskResult of a pending inquiry, without the tool result's `content`. */
  created(inquiry: Inquiry): Record<string, unknown>;
  /** Serves `tasks/*` and declares task support on the caller's server, before connecting. */
  serve(server: McpServer, context: InquiryTaskMethodsContext): void;
}

/** The one hook `send_inquiry` needs to run as a task. */
export interface InquiryTaskStarter {
  /** Whether this call may be answered with a task (it asked for one). */
  accepts(ctx: ServerContext): boolean;
  /**
   * Stores and announces the inquiry, then returns its CreateTaskResult: the record is in
   * the shared store before the result leaves, so a `tasks/get` on any node finds it. The
   * call returns at once; nothing waits in this process, and the client's polling (or a
   * later process of it, with the task id) picks up the answer. An inquiry that is already
   * final on creation (none today) is answered as a plain result instead of a task.
   *
   * Typed as the tool result it travels as: the SDK passes the task fields through on
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
 * Makes `send_inquiry` task-capable on one caller's server, in the caller's protocol
 * generation (`era`: modernInquiryTasks for 2026-07-28 requests, legacyInquiryTasks for a
 * 2025-11-25 session that declared tasks): serves the task methods, declares task support,
 * and returns the hook the tool handler calls.
 *
 * @example
 * const tasks = enableInquiryTasks(server, { tasks: inquiryTasks, caller, logger }, era);
 * // in send_inquiry, once the input is built:
 * if (tasks.accepts(ctx)) return tasks.start(input);
 * // or, for a keyed call, once the index gave the key's inquiry:
 * const task = tasks.accepts(ctx) ? tasks.follow(inquiry) : undefined;
 */
export function enableInquiryTasks(
  server: McpServer,
  context: InquiryTaskMethodsContext,
  era: InquiryTaskEra,
): InquiryTaskStarter {
  era.serve(server, context);
  function taskResult(inquiry: Inquiry): CallToolResult {
    if (inquiry.status !== "pending") return inquiryToolResult(inquiry);
    return { content: [], ...era.created(inquiry) };
  }
  return {
    accepts: (ctx) => era.accepts(ctx),
    async start(input) {
      return taskResult(await context.tasks.open(context.caller, input));
    },
    follow(inquiry) {
      if (inquiry.status === "pending" && !isTaskOf(context.caller, inquiry)) return undefined;
      return taskResult(inquiry);
    },
  };
}
