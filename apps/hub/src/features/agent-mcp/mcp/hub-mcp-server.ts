import type { CredentialKind } from "@inquiry-hub/protocol";
import { McpServer } from "@modelcontextprotocol/server";
import type { ServerContext } from "@modelcontextprotocol/server";
import { callingClient } from "../../../platform/mcp/client-identity";
import { holdBudget } from "../../../platform/mcp/hold-budget";
import type { AnswerDrafter } from "../../inquiries/ports";
import type { InquiryService } from "../../inquiries/inquiry-service";
import type { IdempotentInquiries } from "../../inquiries/idempotent-inquiries";
import type { InquiryTracing } from "../../inquiries/inquiry-tracing";
import type { YoloGate } from "../../inquiries/yolo-inquiries";
import type { Logger } from "../../../kernel/ports";
import { registerRequestApprovalTool } from "../../approvals/mcp/request-approval-tool";
import type { RequestApprovalDeps } from "../../approvals/mcp/request-approval-tool";
import { registerRespondInquiryTool } from "../../inquiries/mcp/respond-inquiry-tool";
import { registerSendInquiryTool } from "../../inquiries/mcp/send-inquiry-tool";
import type { HeldCalls } from "../../../platform/mcp/held-calls";
import type { LateCancels } from "../../../platform/mcp/late-cancels";
import type { SessionOptions } from "../../../platform/mcp/session-options";
import type { InquiryTaskStarter } from "../../inquiries/mcp/tasks/inquiry-task-starter";

/** What the hub's MCP tools need from the node, whichever protocol generation calls them. */
export interface HubToolDeps {
  inquiries: InquiryService;
  /** Keyed send_inquiry calls: one inquiry per user and idempotency key. */
  idempotent: IdempotentInquiries;
  heartbeatMs: number;
  /** The hold budget of a client the hub does not know (HUB_HOLD_SECONDS; hold-budget.ts). */
  defaultHoldMs: number;
  /** This node's held-call caps, shared by both generations and the approval proxy. */
  heldCalls: HeldCalls;
  yolo: YoloGate;
  /** Drafts suggested answers for send_inquiry calls without one; absent = off. */
  drafter?: AnswerDrafter | undefined;
  logger: Logger;
  /** Traces send_inquiry and request_approval calls; nothing when absent. */
  tracing?: InquiryTracing | undefined;
  /** What request_approval needs besides the above (validator, audit, proxy names). */
  approvals: RequestApprovalDeps;
}

/** Who calls and how: the credential behind the request and its `?timeout=…` options. */
export interface HubCaller {
  userId: string;
  /** The credential (a device or an agent credential) that authenticated the request. */
  deviceId: string;
  kind: CredentialKind;
  options: SessionOptions;
  /**
   * Aborts when whatever carries the call goes away without the client cancelling it: the
   * legacy session closing, or a 2026-07-28 request's HTTP exchange breaking. A keyed call
   * then leaves its inquiry pending for the client's retry (see call-ending.ts).
   */
  carrierGone: AbortSignal;
  /**
   * The legacy session's cancels, heard even for calls already answered, so an answer the
   * client gave up on just as it went out stays kept for its repeat; absent for 2026-07-28
   * requests, which have no session to hear them on.
   */
  cancels?: LateCancels | undefined;
  /**
   * Makes the caller's server task-capable (serves `tasks/*`, declares the extension) and
   * returns the hook send_inquiry consults; given for 2026-07-28 requests and for
   * 2025-11-25 sessions whose client declared tasks.
   */
  enableTasks?: ((server: McpServer) => InquiryTaskStarter) | undefined;
}

/**
 * Builds the hub's McpServer for one caller: the single registration of every hub tool,
 * served to 2025-era sessions and to 2026-07-28 requests alike. `respond_inquiry` answers for
 * the person, so only a person credential (a device) gets it; an agent does not see it.
 * `request_approval` (a framework bridge asking for its own tool call) is offered to every
 * caller: it only asks; the decision is the person's, on their devices.
 */
export function createHubMcpServer(deps: HubToolDeps, caller: HubCaller): McpServer {
  const server = new McpServer(
    { name: "inquiry-hub", version: "0.1.0" },
    { capabilities: { tools: {} } },
  );
  const tasks = caller.enableTasks?.(server);
  const holdBudgetMs = (ctx: ServerContext): number | undefined =>
    holdBudget(callingClient(server.server, ctx), caller.options.hold, deps.defaultHoldMs);
  registerSendInquiryTool(server, {
    inquiries: deps.inquiries,
    idempotent: deps.idempotent,
    sessionGone: caller.carrierGone,
    cancels: caller.cancels,
    heartbeatMs: deps.heartbeatMs,
    heldCalls: deps.heldCalls,
    logger: deps.logger,
    yolo: deps.yolo,
    drafter: deps.drafter,
    tracing: deps.tracing,
    userId: caller.userId,
    credentialId: caller.deviceId,
    tasks,
    holdBudgetMs,
    ...caller.options,
  });
  if (caller.kind === "person")
    registerRespondInquiryTool(server, {
      inquiries: deps.inquiries,
      userId: caller.userId,
      deviceId: caller.deviceId,
    });
  registerRequestApprovalTool(server, {
    ...deps.approvals,
    inquiries: deps.inquiries,
    idempotent: deps.idempotent,
    sessionGone: caller.carrierGone,
    cancels: caller.cancels,
    userId: caller.userId,
    credentialId: caller.deviceId,
    heartbeatMs: deps.heartbeatMs,
    holdBudgetMs,
    heldCalls: deps.heldCalls,
    logger: deps.logger,
    yolo: deps.yolo,
    yoloOverride: caller.options.yoloOverride,
    timeoutMs: caller.options.timeoutMs,
    tracing: deps.tracing,
  });
  return server;
}
