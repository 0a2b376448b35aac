import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { HubError } from "../core/errors";
import { requestPrincipal } from "../transport/http/authenticate";
import type { ApprovalContext } from "./await-approval";
import type { UpstreamConfig } from "./proxy-config-schema";
import { createProxyServer } from "./proxy-server";
import { connectUpstream } from "./upstream-connection";

interface ProxySession {
  upstreamName: string;
  transport: StreamableHTTPServerTransport;
  server: Server;
  client: Client;
  userId: string;
  /** Only the credential of this device may use the session, as on `/mcp`. */
  deviceId: string;
  /** HTTP responses still open (a waiting call, a GET stream): never idle while > 0. */
  openResponses: number;
  lastActiveMs: number;
}

/** Session-independent parts of an approval context, shared by every proxy session. */
export type SharedApprovalContext = Omit<
  ApprovalContext,
  "upstream" | "descriptionPrefix" | "userId" | "agentDeviceId"
>;

/** Every `/proxy/<name>/mcp` session of the hub. */
export interface ProxySessions {
  /** Handles POST, GET and DELETE for an authenticated request to the named upstream. */
  handle(upstreamName: string, req: Request, res: Response): Promise<void>;
  /** Closes the sessions of a revoked device; their waiting approvals are withdrawn. */
  closeDevice(deviceId: string): Promise<void>;
  /** Closes every session and its upstream connection. */
  close(): Promise<void>;
}

const SESSION_HEADER = "mcp-session-id";

/**
 * Creates the session table. Each session owns one SDK Client to its upstream, opened on
 * initialize (so an unreachable upstream fails the initialize with 502, not a later call)
 * and closed with the session (killing a stdio upstream's process). Idle sessions are reaped
 * like `/mcp` ones.
 */
export function createProxySessions(deps: {
  upstreams: Readonly<Record<string, UpstreamConfig>>;
  approvals: SharedApprovalContext;
  idleMs: number;
}): ProxySessions {
  const sessions = new Map<string, ProxySession>();
  const closeSession = (session: ProxySession): Promise<void> =>
    session.server
      .close()
      .catch((error: unknown) => console.error("closing proxy session failed", error));
  const reaper = setInterval(
    () => {
      const cutoff = Date.now() - deps.idleMs;
      for (const session of sessions.values()) {
        if (session.openResponses === 0 && session.lastActiveMs < cutoff)
          void closeSession(session);
      }
    },
    Math.min(deps.idleMs, 60_000),
  );
  reaper.unref();

  function track(session: ProxySession, res: Response): void {
    session.openResponses += 1;
    res.once("close", () => {
      session.openResponses -= 1;
      session.lastActiveMs = Date.now();
    });
  }

  async function initialize(
    upstreamName: string,
    upstream: UpstreamConfig,
    req: Request,
    res: Response,
  ): Promise<void> {
    const { user, device } = requestPrincipal(req);
    const client = await connectUpstream(upstreamName, upstream.connection, upstream.timeoutMs);
    const upstreamGone = new AbortController();
    client.onclose = () => upstreamGone.abort();
    const server = createProxyServer({
      upstream,
      client,
      upstreamGone: upstreamGone.signal,
      approvals: {
        ...deps.approvals,
        upstream: upstreamName,
        descriptionPrefix: upstream.descriptionPrefix,
        userId: user.id,
        agentDeviceId: device.id,
      },
    });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        const session: ProxySession = {
          upstreamName,
          transport,
          server,
          client,
          userId: user.id,
          deviceId: device.id,
          openResponses: 0,
          lastActiveMs: Date.now(),
        };
        sessions.set(sessionId, session);
        track(session, res);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      void client.close().catch(() => undefined);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  return {
    async handle(upstreamName, req, res) {
      const upstream = Object.hasOwn(deps.upstreams, upstreamName)
        ? deps.upstreams[upstreamName]
        : undefined;
      if (upstream === undefined)
        throw new HubError("NOT_FOUND", `no proxied upstream named "${upstreamName}"`);
      const sessionId = req.header(SESSION_HEADER);
      if (sessionId === undefined) {
        if (req.method !== "POST" || !isInitializeRequest(req.body)) {
          throw new HubError(
            "BAD_REQUEST",
            `${SESSION_HEADER}: header required except on initialize`,
          );
        }
        await initialize(upstreamName, upstream, req, res);
        return;
      }
      const { user, device } = requestPrincipal(req);
      const session = sessions.get(sessionId);
      if (
        session?.upstreamName !== upstreamName ||
        session.userId !== user.id ||
        session.deviceId !== device.id
      )
        throw new HubError("NOT_FOUND", `MCP session ${sessionId} not found`);
      track(session, res);
      await session.transport.handleRequest(req, res, req.body);
    },

    async closeDevice(deviceId) {
      const owned = [...sessions.values()].filter((session) => session.deviceId === deviceId);
      await Promise.all(owned.map(closeSession));
    },

    async close() {
      clearInterval(reaper);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map(closeSession));
    },
  };
}
