import { Router } from "express";
import type { RequestHandler } from "express";
import type { AnswerBody } from "@inquiry-hub/protocol";
import type { InquiryService } from "../core/inquiry-service";
import { createApprovalRegistry } from "./approval-registry";
import { consoleAuditSink } from "./audit-log";
import type { AuditSink } from "./audit-log";
import type { ProxyConfig } from "./proxy-config-schema";
import { createProxySessions } from "./proxy-sessions";

/** What the composition root hands the approval proxy. */
export interface ApprovalProxyDeps {
  config: ProxyConfig;
  inquiries: InquiryService;
  /** The hub's bearer-token middleware (createAuthenticate); runs before every proxy request. */
  authenticate: RequestHandler;
  /** Runs before authenticate, e.g. createMcpGuards(...) as on `/mcp`. */
  guards?: RequestHandler[];
  /** Interval of INQUIRY_HEARTBEAT notifications while an approval waits. */
  heartbeatMs: number;
  /** A session with no open request for this long is closed. */
  idleMs: number;
  /** Where decisions are recorded; one JSON line per decision on stdout by default. */
  audit?: AuditSink;
}

/** The mounted proxy plus the hooks the rest of the hub must call. */
export interface ApprovalProxies {
  /** Serves `POST|GET|DELETE /proxy/:name/mcp`; mount with `app.use(router)` after express.json. */
  router: Router;
  /**
   * Throws HubError BAD_REQUEST when an answer to a waiting proxied approval cannot be
   * carried out (a decision the policy does not allow, edited args failing the tool's
   * inputSchema); does nothing for any other inquiry. Call it after parsing the answer body
   * and before `inquiries.answer`, so the approval stays pending and the device is told why.
   */
  validateApprovalAnswer(inquiryId: string, body: AnswerBody): void;
  /** The same service with `answer` running validateApprovalAnswer first; hand it to routes and sockets. */
  guardAnswers(inquiries: InquiryService): InquiryService;
  /** Closes a revoked device's proxy sessions, withdrawing their approvals. */
  closeDevice(deviceId: string): Promise<void>;
  /** Closes every session; waiting approvals are withdrawn as `cancelled`. */
  close(): Promise<void>;
}

/**
 * Creates one MCP endpoint per configured upstream at `/proxy/<name>/mcp`: it looks exactly
 * like the upstream, except that gated tool calls wait for the user's decision as APPROVAL
 * inquiries fanned out to their devices.
 *
 * @example
 * const proxies = createApprovalProxies({ config, inquiries, authenticate, heartbeatMs, idleMs });
 * app.use(proxies.router);
 */
export function createApprovalProxies(deps: ApprovalProxyDeps): ApprovalProxies {
  const registry = createApprovalRegistry();
  const sessions = createProxySessions({
    upstreams: deps.config.upstreams,
    idleMs: deps.idleMs,
    approvals: {
      inquiries: deps.inquiries,
      registry,
      audit: deps.audit ?? consoleAuditSink,
      heartbeatMs: deps.heartbeatMs,
    },
  });
  const router = Router();
  const handle: RequestHandler<{ name: string }> = (req, res) =>
    sessions.handle(req.params.name, req, res);
  router.all("/proxy/:name/mcp", ...(deps.guards ?? []), deps.authenticate, handle);

  return {
    router,
    validateApprovalAnswer: (inquiryId, body) => registry.checkAnswer(inquiryId, body),
    guardAnswers(inquiries) {
      return {
        ...inquiries,
        answer(userId, id, body, deviceId) {
          registry.checkAnswer(id, body);
          return inquiries.answer(userId, id, body, deviceId);
        },
      };
    },
    closeDevice: (deviceId) => sessions.closeDevice(deviceId),
    close: () => sessions.close(),
  };
}
