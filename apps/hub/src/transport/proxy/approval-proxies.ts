import { Router } from "express";
import type { StreamEventLog } from "../../core/streams/ports";
import type { RequestHandler } from "express";
import type { ArgumentsValidator } from "../../core/inquiries/ports";
import type { InquiryService } from "../../core/inquiries/inquiry-service";
import type { AuditSink } from "../../core/approvals/audit-log";
import type { ProxyConfig } from "../../core/approvals/proxy-policy";
import { createProxySessions } from "./proxy-sessions";
import { createUpstreamConnections } from "../../infra/mcp-upstream/upstream-connections";
import type { YoloGate } from "../../core/inquiries/yolo-inquiries";
import type { IdempotentInquiries } from "../../core/inquiries/idempotent-inquiries";
import type { ForwardOnce } from "../../core/approvals/forward-once";
import type { SessionCaps } from "../mcp/session-caps";
import type { TeamApprovalDeps } from "../../core/approvals/team-approval";
import type { Logger } from "../../core/shared/ports";

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
  /** A session with no open request for this long is closed. */
  idleMs: number;
  /** How many proxy sessions a credential, a user and this node may hold open. */
  sessionCaps: SessionCaps;
  /** Where decisions are recorded (HubDeps.approvalAudit, by default createLogAuditSink). */
  audit: AuditSink;
  /** Where configuration warnings go (a policy naming a tool its upstream does not list). */
  logger: Logger;
  /** Whether the user's YOLO setting approves gated calls without asking. */
  yolo: YoloGate;
  /** Routes calls whose policy names `approvers` to teams; they are refused without it. */
  teams?: TeamApprovalDeps;
  /** Keyed gated calls: one approval per user, upstream and idempotency key (send_inquiry's). */
  idempotent: IdempotentInquiries;
  /** Keyed gated calls: the decision is forwarded at most once, its result kept for repeats. */
  forwardOnce: ForwardOnce;
  /** Session SSE events for Last-Event-ID resumption, shared with `/mcp`. */
  streamEvents: StreamEventLog;
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
 *
 * @example
 * const proxies = createApprovalProxies({ config, inquiries, validateArguments, authenticate, heartbeatMs, idleMs });
 * app.use(proxies.router);
 */
export function createApprovalProxies(deps: ApprovalProxyDeps): ApprovalProxies {
  const sessions = createProxySessions({
    upstreams: deps.config.upstreams,
    idleMs: deps.idleMs,
    caps: deps.sessionCaps,
    connections: createUpstreamConnections(deps.logger),
    streamEvents: deps.streamEvents,
    approvals: {
      inquiries: deps.inquiries,
      validateArguments: deps.validateArguments,
      audit: deps.audit,
      heartbeatMs: deps.heartbeatMs,
      logger: deps.logger,
      yolo: deps.yolo,
      teams: deps.teams,
      idempotent: deps.idempotent,
      forwardOnce: deps.forwardOnce,
    },
  });
  const router = Router();
  const handle: RequestHandler<{ name: string }> = (req, res) =>
    sessions.handle(req.params.name, req, res);
  router.all("/proxy/:name/mcp", ...(deps.guards ?? []), deps.authenticate, handle);

  return {
    router,
    closeDevice: (deviceId) => sessions.closeDevice(deviceId),
    close: () => sessions.close(),
  };
}
