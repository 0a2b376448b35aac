import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { HubError } from "../../core/errors";
import type { InquiryService } from "../../core/inquiry-service";
import { requestPrincipal } from "../http/authenticate";
import { registerRespondInquiryTool } from "./respond-inquiry-tool";
import { registerSendInquiryTool } from "./send-inquiry-tool";
import { parseSessionOptions } from "./session-options";
import type { SessionOptions } from "./session-options";

interface McpSession {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** The user who initialized the session. */
  userId: string;
  /** The device whose credential initialized it; only that credential may use the session. */
  deviceId: string;
  /** HTTP responses still open (a waiting tool call, a GET stream): never idle while > 0. */
  openResponses: number;
  lastActiveMs: number;
}

/** The stateful MCP endpoint: one McpServer + transport per session, bound to one device. */
export interface McpSessions {
  /** Handles POST, GET and DELETE of `/mcp` for an authenticated request. */
  handle(req: Request, res: Response): Promise<void>;
  /** Closes the sessions of a revoked device; their in-flight calls are cancelled. */
  closeDevice(deviceId: string): Promise<void>;
  /** Closes every session; in-flight send_inquiry calls are cancelled. */
  close(): Promise<void>;
}

const SESSION_HEADER = "mcp-session-id";

/**
 * Creates the session table for the hub's `/mcp` endpoint. Sessions with no open response
 * for `idleMs` are closed, so clients that vanish without DELETE do not leak servers.
 */
export function createMcpSessions(deps: {
  inquiries: InquiryService;
  heartbeatMs: number;
  idleMs: number;
}): McpSessions {
  const sessions = new Map<string, McpSession>();
  const reaper = setInterval(
    () => {
      const cutoff = Date.now() - deps.idleMs;
      for (const session of sessions.values()) {
        if (session.openResponses === 0 && session.lastActiveMs < cutoff) {
          session.server
            .close()
            .catch((error: unknown) => console.error("closing idle MCP session failed", error));
        }
      }
    },
    Math.min(deps.idleMs, 60_000),
  );
  reaper.unref();

  function track(session: McpSession, res: Response): void {
    session.openResponses += 1;
    res.once("close", () => {
      session.openResponses -= 1;
      session.lastActiveMs = Date.now();
    });
  }

  function createServer(userId: string, deviceId: string, options: SessionOptions): McpServer {
    const server = new McpServer(
      { name: "inquiry-hub", version: "0.1.0" },
      { capabilities: { tools: {} } },
    );
    registerSendInquiryTool(server, {
      inquiries: deps.inquiries,
      heartbeatMs: deps.heartbeatMs,
      userId,
      ...options,
    });
    registerRespondInquiryTool(server, { inquiries: deps.inquiries, userId, deviceId });
    return server;
  }

  async function initialize(
    req: Request,
    res: Response,
    owner: { userId: string; deviceId: string },
  ): Promise<void> {
    const server = createServer(owner.userId, owner.deviceId, parseSessionOptions(req.query));
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        const session = { transport, server, ...owner, openResponses: 0, lastActiveMs: Date.now() };
        sessions.set(sessionId, session);
        track(session, res);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  return {
    async handle(req, res) {
      const { user, device } = requestPrincipal(req);
      const sessionId = req.header(SESSION_HEADER);
      if (sessionId === undefined) {
        if (req.method !== "POST" || !isInitializeRequest(req.body)) {
          throw new HubError(
            "BAD_REQUEST",
            `${SESSION_HEADER}: header required except on initialize`,
          );
        }
        await initialize(req, res, { userId: user.id, deviceId: device.id });
        return;
      }
      const session = sessions.get(sessionId);
      if (session?.userId !== user.id || session.deviceId !== device.id)
        throw new HubError("NOT_FOUND", `MCP session ${sessionId} not found`);
      track(session, res);
      await session.transport.handleRequest(req, res, req.body);
    },

    async closeDevice(deviceId) {
      const owned = [...sessions.values()].filter((session) => session.deviceId === deviceId);
      await Promise.allSettled(owned.map((session) => session.server.close()));
    },

    async close() {
      clearInterval(reaper);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.server.close()));
    },
  };
}
