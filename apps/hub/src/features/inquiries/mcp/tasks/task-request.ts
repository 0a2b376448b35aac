import type { ServerContext } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toHubError } from "../../../../kernel/errors";
import type { Logger } from "../../../../kernel/ports";
import { requireTasksCapability } from "./client-tasks-capability";
import { parseTaskId } from "./task-id";
import type { TaskKind } from "./task-id";

/** The params every `tasks/*` request carries. */
export const TaskParamsSchema = z.object({ taskId: z.string().min(1).max(200) });

/** The spec's error for an unknown task id, also given for someone else's task. */
export function taskNotFound(): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    "Failed to retrieve task: Task not found",
  );
}

/**
 * Maps the hub's errors to JSON-RPC ones: not found, bad input and a forbidden act (a client
 * deciding its own approval) are -32602.
 */
export function toProtocolError(error: unknown, logger: Logger): ProtocolError {
  if (error instanceof ProtocolError) return error;
  const hubError = toHubError(error);
  if (hubError.code === "NOT_FOUND") return taskNotFound();
  if (hubError.code === "BAD_REQUEST" || hubError.code === "FORBIDDEN")
    return new ProtocolError(ProtocolErrorCode.InvalidParams, hubError.message);
  logger.error({ err: error }, "a task request failed");
  return new ProtocolError(ProtocolErrorCode.InternalError, "internal error");
}

/** Runs one `tasks/*` request against the inquiry its task id names. */
export type TaskRequestRunner = <T>(
  params: z.infer<typeof TaskParamsSchema>,
  ctx: ServerContext,
  act: (inquiryId: string) => Promise<T>,
) => Promise<T>;

/**
 * The checks every `tasks/*` request of one task kind goes through, on `/mcp` and on the
 * proxy alike: the request declared the extension (`checkCapability`; by default the
 * 2026-07-28 per-request declaration, while a 2025-11-25 session declared it once at
 * initialize), the id parses and names this kind (any other id is "not found", exactly like
 * another credential's task), and the hub's errors leave as JSON-RPC errors.
 */
export function taskRequestRunner(
  kind: TaskKind,
  logger: Logger,
  checkCapability: (ctx: ServerContext) => void = requireTasksCapability,
): TaskRequestRunner {
  return async (params, ctx, act) => {
    checkCapability(ctx);
    const parsed = parseTaskId(params.taskId);
    if (parsed?.kind !== kind) throw taskNotFound();
    try {
      return await act(parsed.inquiryId);
    } catch (error) {
      throw toProtocolError(error, logger);
    }
  };
}
