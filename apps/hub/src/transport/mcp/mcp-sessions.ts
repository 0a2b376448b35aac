import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import type { CredentialKind } from "@inquiry-hub/protocol";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { AnswerDrafter } from "../../core/inquiries/ports";
import type { InquiryService } from "../../core/inquiries/inquiry-service";
import type { IdempotentInquiries } from "../../core/inquiries/idempotent-inquiries";
import type { YoloGate } from "../../core/inquiries/yolo-inquiries";
import { requestPrincipal } from "../http/authenticate";
import { registerRespondInquiryTool } from "./respond-inquiry-tool";
import { registerSendInquiryTool } from "./send-inquiry-tool";
import { parseSessionOptions } from "./session-options";
import type { SessionOptions } from "./session-options";
import type { SessionCaps } from "./session-caps";
import { createSessionTable } from "./session-table";
import type { SessionOwner, TableSession } from "./session-table";
import type { Logger } from "../../core/shared/ports";
import type { StreamEventLog } from "../../core/streams/ports";
import { createSessionEventStore } from "./sdk-event-store";

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
 * `caps` refuse an initialize past the per-credential, per-user or per-node count.
 */
export function createMcpSessions(deps: {
  inquiries: InquiryService;
  /** Keyed send_inquiry calls: one inquiry per user and idempotency key. */
  idempotent: IdempotentInquiries;
  heartbeatMs: number;
  idleMs: number;
  caps: SessionCaps;
  yolo: YoloGate;
  /** Drafts suggested answers for send_inquiry calls without one; absent = off. */
  drafter?: AnswerDrafter | undefined;
  /** Keeps each session's SSE events, so a client that reconnects with Last-Event-ID resumes. */
  streamEvents: StreamEventLog;
  logger: Logger;
}): McpSessions {
  const table = createSessionTable<TableSession>({
    idleMs: deps.idleMs,
    caps: deps.caps,
    endpoint: "MCP",
    logger: deps.logger,
  });

  /**
   * `respond_inquiry` answers for the person, so only a session opened with a person
   * credential (a device) lists it; an agent's session does not have it at all.
   */
  function createServer(
    owner: SessionOwner,
    kind: CredentialKind,
    options: SessionOptions,
    sessionGone: AbortSignal,
  ): McpServer {
    const server = new McpServer(
      { name: "inquiry-hub", version: "0.1.0" },
      { capabilities: { tools: {} } },
    );
    registerSendInquiryTool(server, {
      inquiries: deps.inquiries,
      idempotent: deps.idempotent,
      sessionGone,
      heartbeatMs: deps.heartbeatMs,
      logger: deps.logger,
      yolo: deps.yolo,
      drafter: deps.drafter,
      userId: owner.userId,
      credentialId: owner.deviceId,
      ...options,
    });
    if (kind === "person")
      registerRespondInquiryTool(server, { inquiries: deps.inquiries, ...owner });
    return server;
  }

  async function initialize(req: Request, res: Response, owner: SessionOwner): Promise<void> {
    const sessionGone = new AbortController();
    const server = createServer(
      owner,
      requestPrincipal(req).kind,
      parseSessionOptions(req.query),
      sessionGone.signal,
    );
    const newSessionId = randomUUID();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => newSessionId,
      eventStore: createSessionEventStore(deps.streamEvents, newSessionId),
      onsessioninitialized: (sessionId) => {
        table.add(sessionId, { ...owner, transport, close: () => server.close() }, res);
      },
    });
    transport.onclose = () => {
      sessionGone.abort();
      if (transport.sessionId !== undefined) table.remove(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  return {
    handle: (req, res) => table.handle(req, res, (owner) => initialize(req, res, owner)),
    closeDevice: (deviceId) => table.closeDevice(deviceId),
    close: () => table.close(),
  };
}
