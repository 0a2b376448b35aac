import type { McpServerFactory } from "@modelcontextprotocol/server";
import type { UpstreamConfig } from "../proxy-policy";
import type { UpstreamConnections } from "../upstream/upstream-connections";
import { readModernCaller } from "../../accounts/mcp/modern-caller";
import { parseSessionOptions } from "../../../platform/mcp/session-options";
import type { SharedApprovalContext } from "./proxy-sessions";
import { createProxyServer } from "./proxy-server";
import type { RoundTripApprovals } from "./round-trip-approval";
import type { InquiryTasks } from "../../inquiries/inquiry-tasks";

/** A never-aborting signal, for a request served without its HTTP exchange at hand. */
const STAYS_OPEN = new AbortController().signal;

/**
 * The per-request server factory of `/proxy/<name>/mcp` for 2026-07-28 clients: the same
 * createProxyServer as a legacy session (one definition of the pass-through, the gate, the
 * policy), built for one request from what the request carries: the caller from `authInfo`,
 * `?yolo=` from its URL. Its upstream connection is opened for the request and closed with
 * it, not pooled: the proxy server binds the upstream's elicitations and notifications to
 * the calls of the server that owns the connection (createUpstreamConnections says why a
 * connection is never shared), so a pool would need a demultiplexer the MCP client does not
 * offer; the price is one upstream handshake per request, within the same per-user and
 * per-upstream connection caps. Nothing outlives the request but the inquiry and the sealed
 * `requestState` (or the approval task's record), so any hub node serves any round. A
 * request names no run (each one is a new exchange), so its approvals join the batch the
 * caller's credential opened within the last few seconds.
 */
export function createModernProxyServerFactory(deps: {
  upstreamName: string;
  upstream: UpstreamConfig;
  approvals: SharedApprovalContext;
  connections: UpstreamConnections;
  roundTrip: RoundTripApprovals;
  /** Gated calls of requests that declare the Tasks extension run as approval tasks. */
  tasks: InquiryTasks;
}): McpServerFactory {
  const { upstreamName, upstream } = deps;
  return async (request) => {
    const caller = readModernCaller(request.authInfo);
    const query = new URL(request.requestInfo?.url ?? "http://localhost/").searchParams;
    const { yoloOverride, hold } = parseSessionOptions(Object.fromEntries(query));
    const client = await deps.connections.open(upstreamName, upstream, caller.userId);
    const upstreamGone = new AbortController();
    client.onclose = () => upstreamGone.abort();
    const server = createProxyServer({
      upstream,
      client,
      upstreamGone: upstreamGone.signal,
      sessionGone: request.requestInfo?.signal ?? STAYS_OPEN,
      roundTrip: deps.roundTrip,
      tasks: deps.tasks,
      approvals: {
        ...deps.approvals,
        upstream: upstreamName,
        descriptionPrefix: upstream.descriptionPrefix,
        userId: caller.userId,
        agentDeviceId: caller.deviceId,
        yoloOverride,
        hold,
      },
    });
    const release = (): void => void client.close().catch(() => undefined);
    // The exchange's end fires onclose; a server the SDK never connected (subscriptions/listen)
    // is only close()d, which fires nothing, so close() releases the upstream too.
    server.onclose = release;
    const close = server.close.bind(server);
    server.close = async () => {
      try {
        await close();
      } finally {
        release();
      }
    };
    return server;
  };
}
