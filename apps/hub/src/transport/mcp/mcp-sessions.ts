import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { AnswerDrafter } from "../../core/answer-drafter";
import type { InquiryService } from "../../core/inquiry-service";
import type { YoloGate } from "../../core/yolo-inquiries";
import { registerRespondInquiryTool } from "./respond-inquiry-tool";
import { registerSendInquiryTool } from "./send-inquiry-tool";
import { parseSessionOptions } from "./session-options";
import type { SessionOptions } from "./session-options";
import { createSessionTable } from "./session-table";
import type { SessionOwner, TableSession } from "./session-table";

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
 * for `idleMs` are closed, so clients that vanish without DELETE do not leak servers.
 */
export function createMcpSessions(deps: {
  inquiries: InquiryService;
  heartbeatMs: number;
  idleMs: number;
  yolo: YoloGate;
  /** Drafts suggested answers for send_inquiry calls without one; absent = off. */
  drafter?: AnswerDrafter | undefined;
}): McpSessions {
  const table = createSessionTable<TableSession>({ idleMs: deps.idleMs });

  function createServer(owner: SessionOwner, options: SessionOptions): McpServer {
    const server = new McpServer(
      { name: "inquiry-hub", version: "0.1.0" },
      { capabilities: { tools: {} } },
    );
    registerSendInquiryTool(server, {
      inquiries: deps.inquiries,
      heartbeatMs: deps.heartbeatMs,
      yolo: deps.yolo,
      drafter: deps.drafter,
      userId: owner.userId,
      ...options,
    });
    registerRespondInquiryTool(server, { inquiries: deps.inquiries, ...owner });
    return server;
  }

  async function initialize(req: Request, res: Response, owner: SessionOwner): Promise<void> {
    const server = createServer(owner, parseSessionOptions(req.query));
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        table.add(sessionId, { ...owner, transport, close: () => server.close() }, res);
      },
    });
    transport.onclose = () => {
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
