import type { RequestHandler } from "express";
import type { Accounts } from "./accounts-wiring";
import type { ConfigWithSecrets } from "./channel-secrets";
import type { HubDeps } from "./hub-deps";
import type { Inquiries } from "./inquiry-wiring";
import { createMcpEndpoint } from "../features/agent-mcp/mcp/mcp-endpoint";
import type { McpEndpoint } from "../features/agent-mcp/mcp/mcp-endpoint";
import { createMcpSessions } from "../features/agent-mcp/mcp/mcp-sessions";
import { createModernMcpServerFactory } from "../features/agent-mcp/mcp/modern-mcp-server";
import { createForwardOnce } from "../features/approvals/forward-once";
import { createApprovalProxies } from "../features/approvals/proxy/approval-proxies";
import type { ApprovalProxies } from "../features/approvals/proxy/approval-proxies";
import { createRequestStates } from "../features/approvals/request-state";
import { createOpenAiAnswerDrafter } from "../features/inquiries/adapters/openai-answer-drafter";
import { createInquiryTasks } from "../features/inquiries/inquiry-tasks";
import { createHeldCalls } from "../platform/mcp/held-calls";
import { createMcpGuards } from "../platform/mcp/mcp-guards";
import { createMemoryStreamEventLog } from "../platform/mcp/streams/memory-stream-event-log";
import { streamEventLogLimits } from "../platform/mcp/streams/stream-limits";

/** What agents call over MCP: `/mcp` and, with a proxy config, `/proxy/<name>/mcp`. */
export interface McpSurfaces {
  mcp: McpEndpoint;
  /** DNS-rebinding and origin checks, in front of every MCP route. */
  guards: RequestHandler[];
  proxies: ApprovalProxies | undefined;
}

/**
 * Wires the MCP endpoint agents call and the approval proxy. Both share the held-call caps
 * and the SSE event log, which stays in memory on every store: the MCP SDK replays only
 * through the live 2025-era session's transport on the node holding it, so a copy that
 * outlived the process or moved to another node could never be replayed.
 */
export function wireMcp(
  config: ConfigWithSecrets,
  deps: HubDeps,
  accounts: Accounts,
  core: Inquiries,
): McpSurfaces {
  const { logger, tracing } = deps;
  const { inquiries, idempotent, yolo, validateArguments } = core;
  const streamEvents = createMemoryStreamEventLog(
    streamEventLogLimits(config.mcpSessionIdleSeconds),
  );
  const forwardOnce = createForwardOnce(deps.idempotencyIndex);
  const heldCalls = createHeldCalls(config.heldCallCaps);
  const holding = {
    heartbeatMs: config.heartbeatSeconds * 1000,
    defaultHoldMs: config.holdSeconds * 1000,
  };
  const tools = {
    ...holding,
    inquiries,
    idempotent,
    yolo,
    drafter:
      config.answerDrafting === undefined
        ? undefined
        : createOpenAiAnswerDrafter(config.answerDrafting, logger),
    heldCalls,
    logger,
    tracing,
    approvals: {
      validateArguments,
      audit: deps.approvalAudit,
      forwardOnce,
      screening: core.screening,
      proxyUpstreams: new Set(
        Object.keys(config.proxy?.upstreams ?? {}).map((name) => name.toLowerCase()),
      ),
    },
  };
  const guards = createMcpGuards({ host: config.host, allowedOrigins: config.corsOrigins });
  const mcp = createMcpEndpoint({
    legacy: createMcpSessions({
      ...tools,
      idleMs: config.mcpSessionIdleSeconds * 1000,
      caps: config.mcpSessionCaps,
      streamEvents,
    }),
    modernServer: createModernMcpServerFactory({ ...tools, tasks: createInquiryTasks(inquiries) }),
    logger,
  });
  const proxies =
    config.proxy === undefined
      ? undefined
      : createApprovalProxies({
          ...holding,
          config: config.proxy,
          inquiries,
          validateArguments,
          authenticate: accounts.authenticate,
          guards,
          idleMs: config.mcpSessionIdleSeconds * 1000,
          sessionCaps: config.proxySessionCaps,
          maxResultBytes: config.upstreamMaxResultBytes,
          yolo,
          screening: core.screening,
          teams: core.teams.proxy,
          idempotent,
          forwardOnce,
          streamEvents,
          heldCalls,
          toolPins: deps.toolDefinitionPins,
          roundTrip: {
            states: createRequestStates({
              secret: config.requestStateSecret,
              used: deps.usedRequestStates,
              now: deps.requestStateClock,
            }),
            approvalUrl: (inquiryId) =>
              new URL(`/inbox#${inquiryId}`, config.webPublicUrl).toString(),
            extendMaxMs: config.extendMaxSeconds * 1000,
          },
          audit: deps.approvalAudit,
          logger,
          tracing,
        });
  return { mcp, guards, proxies };
}
