import { randomUUID } from "node:crypto";
import { HUB_TOOL_NAMES } from "@inquiry-hub/protocol";
import type { Request, Response } from "express";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { createHubMcpServer } from "./hub-mcp-server";
import { createSessionCancels } from "../../../platform/mcp/late-cancels";
import type { HubToolDeps } from "./hub-mcp-server";
import { parseSessionOptions } from "../../../platform/mcp/session-options";
import type { SessionCaps } from "../../../platform/mcp/session-caps";
import { createSessionTable } from "../../accounts/mcp/session-table";
import type { SessionOwner, TableSession } from "../../accounts/mcp/session-table";
import type { StreamEventLog } from "../../../platform/mcp/streams/ports";
import { createSessionEventStore } from "../../../platform/mcp/sdk-event-store";
import { NodeHttpTransport } from "../../../platform/mcp/node-http-transport";
import { traceRequest } from "../../../platform/mcp/trace-request";
import { createInquiryTasks } from "../../inquiries/inquiry-tasks";
import { enableInquiryTasks } from "../../inquiries/mcp/tasks/inquiry-task-starter";
import { legacyInquiryTasks } from "../../inquiries/mcp/tasks/legacy-inquiry-task-methods";
import {
  adaptLegacyTaskWire,
  initializeDeclaresTasks,
} from "../../inquiries/mcp/tasks/legacy-task-requests";

/** The stateful MCP endpoint: one McpServer + transport per session, bound to one device. */
export interface McpSessions {
  /** Handles POST, GET and DELETE of `/mcp` for an authenticated request. */
  handle(req: Request, res: Response): Promise<void>;
  /** Closes the sessions of a revoked device; their in-flight calls are cancelled. */
  closeDevice(deviceId: string): Promise<void>;
  /** Closes every session; in-flight send_inquiry calls are cancelled. */
  close(): Promise<void>;
}

/**
 * Creates the session table for the hub's `/mcp` endpoint. Sessions with no open response
 * for `idleMs` are closed, so clients that vanish without DELETE do not leak servers, and
 * `caps` refuse an initialize past the per-credential, per-user or per-node count. A
 * 2025-11-25 session whose client declared `tasks` at initialize gets send_inquiry as a task
 * (the same store-derived task a 2026-07-28 request gets, see legacy-inquiry-task-methods.ts);
 * every other session's wire is unchanged. Each session's incoming cancels are watched
 * (late-cancels.ts), so an answer whose call the client gave up on as it went out is kept.
 */
export function createMcpSessions(
  deps: HubToolDeps & {
    idleMs: number;
    caps: SessionCaps;
    /** Keeps each session's SSE events, so a client that reconnects with Last-Event-ID resumes. */
    streamEvents: StreamEventLog;
  },
): McpSessions {
  const table = createSessionTable<TableSession>({
    idleMs: deps.idleMs,
    caps: deps.caps,
    endpoint: "MCP",
    logger: deps.logger,
  });

  const inquiryTasks = createInquiryTasks(deps.inquiries);

  async function initialize(req: Request, res: Response, owner: SessionOwner): Promise<void> {
    const sessionGone = new AbortController();
    const cancels = createSessionCancels();
    const withTasks = initializeDeclaresTasks(req.body);
    const caller = { userId: owner.userId, credentialId: owner.deviceId };
    const server = createHubMcpServer(deps, {
      ...owner,
      kind: requestPrincipal(req).kind,
      options: parseSessionOptions(req.query),
      carrierGone: sessionGone.signal,
      cancels,
      enableTasks: withTasks
        ? (hubServer) =>
            enableInquiryTasks(
              hubServer,
              { tasks: inquiryTasks, caller, logger: deps.logger },
              legacyInquiryTasks,
            )
        : undefined,
    });
    const newSessionId = randomUUID();
    const transport: NodeHttpTransport = new NodeHttpTransport({
      sessionId: newSessionId,
      eventStore: createSessionEventStore(deps.streamEvents, newSessionId),
      webRequest: traceRequest,
      onsessioninitialized: (sessionId) => {
        table.add(sessionId, { ...owner, transport, close: () => server.close() }, res);
      },
    });
    transport.onclose = () => {
      sessionGone.abort();
      if (transport.sessionId !== undefined) table.remove(transport.sessionId);
    };
    await server.connect(transport);
    cancels.observe(transport);
    if (withTasks) adaptLegacyTaskWire(transport, { [HUB_TOOL_NAMES.sendInquiry]: "required" });
    await transport.handleRequest(req, res, req.body);
  }

  return {
    handle: (req, res) => table.handle(req, res, (owner) => initialize(req, res, owner)),
    closeDevice: (deviceId) => table.closeDevice(deviceId),
    close: () => table.close(),
  };
}
