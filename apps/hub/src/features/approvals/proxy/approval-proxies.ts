import { Router } from "express";
import type { StreamEventLog } from "../../../platform/mcp/streams/ports";
import type { RequestHandler } from "express";
import type { ArgumentsValidator } from "../../inquiries/ports";
import type { InquiryService } from "../../inquiries/inquiry-service";
import type { AuditSink } from "../audit-log";
import type { ProxyConfig } from "../proxy-policy";
import { createProxySessions } from "./proxy-sessions";
import type { SharedApprovalContext } from "./proxy-sessions";
import { createModernProxyServerFactory } from "./modern-proxy-server";
import type { RoundTripApprovals } from "./round-trip-approval";
import { createEraRouter } from "../../accounts/mcp/era-router";
import { createInquiryTasks } from "../../inquiries/inquiry-tasks";
import { HubError } from "../../../kernel/errors";
import { createUpstreamConnections } from "../upstream/upstream-connections";
import type { YoloGate } from "../../inquiries/yolo-inquiries";
import type { ApprovalScreening } from "../approval-screening";
import type { IdempotentInquiries } from "../../inquiries/idempotent-inquiries";
import type { ForwardOnce } from "../forward-once";
import type { ToolDefinitionPins } from "../ports";
import type { SessionCaps } from "../../../platform/mcp/session-caps";
import type { TeamApprovalDeps } from "../team-approval";
import type { Logger } from "../../../kernel/ports";
import type { InquiryTracing } from "../../inquiries/inquiry-tracing";
import type { HeldCalls } from "../../../platform/mcp/held-calls";

/** What the composition root hands the approval proxy. */
export interface ApprovalProxyDeps {
  config: ProxyConfig;
  inquiries: InquiryService;
  /** The same validator the inquiry service uses; re-checks edits before they go upstream. */
  validateArguments: ArgumentsValidator;
  /** The hub's bearer-token middleware (createAuthenticate); runs before every proxy request. */
  authenticate: RequestHandler;
  /** Runs before authenticate, e.g. createMcpGuards(...) as on `/mcp`. */
  guards?: RequestHandler[];
  /** Interval of INQUIRY_HEARTBEAT notifications while an approval waits. */
  heartbeatMs: number;
  /** The hold budget of a client the hub does not know (HUB_HOLD_SECONDS; hold-budget.ts). */
  defaultHoldMs: number;
  /** A session with no open request for this long is closed. */
  idleMs: number;
  /** Largest upstream response relayed where an upstream sets no `max_result_bytes`. */
  maxResultBytes: number;
  /** How many proxy sessions a credential, a user and this node may hold open. */
  sessionCaps: SessionCaps;
  /** Where decisions are recorded (HubDeps.approvalAudit, by default createLogAuditSink). */
  audit: AuditSink;
  /** Where configuration warnings go (a policy naming a tool its upstream does not list). */
  logger: Logger;
  /** Traces gated calls like send_inquiry; nothing when absent. */
  tracing?: InquiryTracing | undefined;
  /** Whether the user's YOLO setting approves gated calls without asking. */
  yolo: YoloGate;
  /** Risk labels, the person's rules and batches (approval-screening.ts). */
  screening: ApprovalScreening;
  /** Routes calls whose policy names `approvers` to teams; they are refused without it. */
  teams?: TeamApprovalDeps;
  /** Keyed gated calls: one approval per user, upstream and idempotency key (send_inquiry's). */
  idempotent: IdempotentInquiries;
  /** Keyed gated calls: the decision is forwarded at most once, its result kept for repeats. */
  forwardOnce: ForwardOnce;
  /** Session SSE events for Last-Event-ID resumption, shared with `/mcp`. */
  streamEvents: StreamEventLog;
  /** Each person's pins of each upstream tool's definition (see features/approvals/tool-pinning.ts). */
  toolPins: ToolDefinitionPins;
  /** This node's held-call caps, shared with `/mcp` (see held-calls.ts). */
  heldCalls: HeldCalls;
  /**
   * 2026-07-28 clients that follow URL elicitation: the sealed request states and the page
   * where the person decides (see round-trip-approval.ts).
   */
  roundTrip: RoundTripApprovals;
}

/** The mounted proxy plus the hooks the rest of the hub must call. */
export interface ApprovalProxies {
  /** Serves `POST|GET|DELETE /proxy/:name/mcp`; mount with `app.use(router)` after express.json. */
  router: Router;
  /** Closes a revoked device's proxy sessions, withdrawing their approvals. */
  closeDevice(deviceId: string): Promise<void>;
  /** Closes every session; waiting approvals are withdrawn as `cancelled`. */
  close(): Promise<void>;
}

/**
 * Creates one MCP endpoint per configured upstream at `/proxy/<name>/mcp`: it looks exactly
 * like the upstream, except that gated tool calls wait for the user's decision as APPROVAL
 * inquiries fanned out to their devices. Answers are checked by the inquiry service itself
 * (allowed decisions, edits against the stored inputSchema), so any node may receive them.
 * Each URL serves both generations (createEraRouter): 2025-era clients get today's sessions,
 * 2026-07-28 clients a server per request, built by the same createProxyServer; those that
 * declare URL elicitation get their gated calls decided over rounds (round-trip-approval.ts).
 *
 * @example
 * const proxies = createApprovalProxies({ config, inquiries, validateArguments, authenticate, heartbeatMs, idleMs });
 * app.use(proxies.router);
 */
export function createApprovalProxies(deps: ApprovalProxyDeps): ApprovalProxies {
  const connections = createUpstreamConnections(deps.logger, deps.maxResultBytes);
  const approvalTasks = createInquiryTasks(deps.inquiries);
  const approvals: SharedApprovalContext = {
    inquiries: deps.inquiries,
    validateArguments: deps.validateArguments,
    audit: deps.audit,
    heartbeatMs: deps.heartbeatMs,
    defaultHoldMs: deps.defaultHoldMs,
    logger: deps.logger,
    yolo: deps.yolo,
    screening: deps.screening,
    teams: deps.teams,
    idempotent: deps.idempotent,
    forwardOnce: deps.forwardOnce,
    toolPins: deps.toolPins,
    tracing: deps.tracing,
    heldCalls: deps.heldCalls,
  };
  const sessions = createProxySessions({
    upstreams: deps.config.upstreams,
    idleMs: deps.idleMs,
    caps: deps.sessionCaps,
    connections,
    streamEvents: deps.streamEvents,
    approvals,
  });
  const endpoints = new Map(
    Object.entries(deps.config.upstreams).map(([upstreamName, upstream]) => [
      upstreamName,
      createEraRouter({
        legacy: (req, res) => sessions.handle(upstreamName, req, res),
        modernServer: createModernProxyServerFactory({
          upstreamName,
          upstream,
          approvals,
          connections,
          roundTrip: deps.roundTrip,
          tasks: approvalTasks,
        }),
        logger: deps.logger,
        endpoint: `/proxy/${upstreamName}/mcp`,
      }),
    ]),
  );
  const router = Router();
  const handle: RequestHandler<{ name: string }> = async (req, res) => {
    const endpoint = endpoints.get(req.params.name);
    if (endpoint === undefined)
      throw new HubError("NOT_FOUND", `no proxied upstream named "${req.params.name}"`);
    await endpoint.handle(req, res);
  };
  router.all("/proxy/:name/mcp", ...(deps.guards ?? []), deps.authenticate, handle);

  return {
    router,
    closeDevice: (deviceId) => sessions.closeDevice(deviceId),
    async close() {
      await Promise.all([sessions.close(), ...[...endpoints.values()].map((each) => each.close())]);
    },
  };
}
