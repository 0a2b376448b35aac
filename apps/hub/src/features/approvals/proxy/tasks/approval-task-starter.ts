import { randomUUID } from "node:crypto";
import type { CallToolResult, Server, ServerContext } from "@modelcontextprotocol/server";
import type { InquiryTasks } from "../../../inquiries/inquiry-tasks";
import type { Logger } from "../../../../kernel/ports";
import { requestAcceptsTasks } from "../../../inquiries/mcp/tasks/client-tasks-capability";
import { openApprovalInquiry, prepareApproval } from "../../approval-inquiry";
import type { ApprovalRequest } from "../../approval-inquiry";
import { serveApprovalTaskMethods } from "./approval-task-methods";
import { approvalTaskKey, settleApprovalTask } from "./approval-task-progress";
import type { ApprovalTaskActions } from "./approval-task-progress";
import { approvalTaskCreated } from "./approval-task-view";
import { replay } from "../keyed-gated-call";

/**
 * How long a task's forward record outlives the approval's deadline: a day of late
 * `tasks/get` calls still reading the stored result.
 */
const RECORD_MARGIN_MS = 24 * 60 * 60 * 1000;

/** The hook the proxy's tools/call handler consults for a gated call. */
export interface ApprovalTaskStarter {
  /** Whether this call may be answered with a task (it declared the extension). */
  accepts(extra: ServerContext): boolean;
  /**
   * Opens the APPROVAL inquiry exactly as every other path does (every device gets it, the
   * same question and policy), reserves its forward record, and returns the CreateTaskResult
   * once both are in the shared store. Typed as the tool result it travels as, with an
   * empty `content`. An approval already final on creation (the user's YOLO) is acted on
   * at once and returned as the plain result, never as a task.
   */
  start(request: ApprovalRequest, extra: ServerContext): Promise<CallToolResult>;
}

/**
 * Makes gated calls of one per-request proxy server task-capable: serves `tasks/*` for
 * this upstream's approval tasks, bound to the request's credential, and returns the hook.
 */
export function enableApprovalTasks(
  server: Server,
  context: { tasks: InquiryTasks; logger: Logger; actions: ApprovalTaskActions },
): ApprovalTaskStarter {
  const approvals = context.actions.context;
  const caller = { userId: approvals.userId, credentialId: approvals.agentDeviceId };
  serveApprovalTaskMethods(server, { ...context, caller });
  return {
    accepts: requestAcceptsTasks,
    async start(request, extra) {
      const { input } = prepareApproval(approvals, request);
      const inquiry = await openApprovalInquiry(approvals, request, {
        ...input,
        id: randomUUID(),
      });
      const ttlMs = Date.parse(inquiry.expiresAt) - Date.now() + RECORD_MARGIN_MS;
      await approvals.forwardOnce.reserve(
        caller,
        approvalTaskKey(approvals.upstream, inquiry.id),
        inquiry.id,
        ttlMs,
      );
      if (inquiry.status === "pending") return { content: [], ...approvalTaskCreated(inquiry) };
      const progress = await settleApprovalTask(context.actions, inquiry, extra);
      if (progress.kind === "done") return replay(progress.outcome);
      throw new Error(`an approval decided on creation ended ${progress.kind}`);
    },
  };
}
