import { randomUUID } from "node:crypto";
import type { StreamEventLog } from "../../../platform/mcp/streams/ports";
import { createSessionEventStore } from "../../../platform/mcp/sdk-event-store";
import { NodeHttpTransport } from "../../../platform/mcp/node-http-transport";
import { traceRequest } from "../../../platform/mcp/trace-request";
import { createSessionCancels } from "../../../platform/mcp/late-cancels";
import type { Request, Response } from "express";
import { HubError } from "../../../kernel/errors";
import type { SessionCaps } from "../../../platform/mcp/session-caps";
import { parseSessionOptions } from "../../../platform/mcp/session-options";
import { createSessionTable } from "../../accounts/mcp/session-table";
import type { SessionOwner, TableSession } from "../../accounts/mcp/session-table";
import type { ApprovalContext } from "./await-approval";
import type { UpstreamConfig } from "../proxy-policy";
import { createProxyServer } from "./proxy-server";
import type { UpstreamConnections } from "../upstream/upstream-connections";

/** A proxy session also belongs to one upstream: its id is refused on any other. */
interface ProxySession extends TableSession {
  upstreamName: string;
}

/** Session-independent parts of an approval context, shared by every proxy session. */
export type SharedApprovalContext = Omit<
  ApprovalContext,
  "upstream" | "descriptionPrefix" | "userId" | "agentDeviceId" | "runId" | "yoloOverride" | "hold"
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

/**
 * Creates the proxy's session table (the same bookkeeping as `/mcp`: bound to one device,
 * idle sessions reaped, capped per credential, per user and per node by `caps`, counted over
 * every upstream since each session holds an upstream connection). Each session owns one SDK Client to its upstream, opened on
 * initialize (so an unreachable upstream fails the initialize with 502, not a later call)
 * and closed with the session (killing a stdio upstream's process). The session id doubles
 * as the run id that groups the session's approvals on the devices. `?yolo=1|0` on the
 * initialize request is the session's YOLO override, parsed exactly as on `/mcp`.
 */
export function createProxySessions(deps: {
  upstreams: Readonly<Record<string, UpstreamConfig>>;
  approvals: SharedApprovalContext;
  idleMs: number;
  caps: SessionCaps;
  /** Opens each session's own upstream connection within the upstream's limits. */
  connections: UpstreamConnections;
  /** Each session's SSE events, so a client whose stream broke resumes with Last-Event-ID. */
  streamEvents: StreamEventLog;
}): ProxySessions {
  const table = createSessionTable<ProxySession>({
    idleMs: deps.idleMs,
    caps: deps.caps,
    endpoint: "proxy",
    logger: deps.approvals.logger,
  });

  async function initialize(
    upstreamName: string,
    upstream: UpstreamConfig,
    owner: SessionOwner,
    req: Request,
    res: Response,
  ): Promise<void> {
    const { yoloOverride, hold } = parseSessionOptions(req.query);
    const sessionId = randomUUID();
    const client = await deps.connections.open(upstreamName, upstream, owner.userId);
    const upstreamGone = new AbortController();
    const sessionGone = new AbortController();
    const cancels = createSessionCancels();
    client.onclose = () => upstreamGone.abort();
    const server = createProxyServer({
      upstream,
      client,
      upstreamGone: upstreamGone.signal,
      sessionGone: sessionGone.signal,
      cancels,
      approvals: {
        ...deps.approvals,
        upstream: upstreamName,
        descriptionPrefix: upstream.descriptionPrefix,
        userId: owner.userId,
        agentDeviceId: owner.deviceId,
        runId: sessionId,
        yoloOverride,
        hold,
      },
    });
    const transport: NodeHttpTransport = new NodeHttpTransport({
      sessionId,
      eventStore: createSessionEventStore(deps.streamEvents, sessionId),
      webRequest: traceRequest,
      onsessioninitialized: () => {
        table.add(
          sessionId,
          { ...owner, upstreamName, transport, close: () => server.close() },
          res,
        );
      },
    });
    transport.onclose = () => {
      sessionGone.abort();
      table.remove(sessionId);
      void client.close().catch(() => undefined);
    };
    await server.connect(transport);
    cancels.observe(transport);
    await transport.handleRequest(req, res, req.body);
  }

  return {
    async handle(upstreamName, req, res) {
      const upstream = Object.hasOwn(deps.upstreams, upstreamName)
        ? deps.upstreams[upstreamName]
        : undefined;
      if (upstream === undefined)
        throw new HubError("NOT_FOUND", `no proxied upstream named "${upstreamName}"`);
      await table.handle(
        req,
        res,
        (owner) => initialize(upstreamName, upstream, owner, req, res),
        (session) => session.upstreamName === upstreamName,
      );
    },
    closeDevice: (deviceId) => table.closeDevice(deviceId),
    close: () => table.close(),
  };
}
