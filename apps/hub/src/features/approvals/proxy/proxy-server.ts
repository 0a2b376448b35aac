import { z } from "zod";
import { ResultSchema } from "@modelcontextprotocol/core";
import { Server, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { ServerCapabilities, ServerNotification } from "@modelcontextprotocol/server";
import type { Client } from "@modelcontextprotocol/client";
import { mayBeGated } from "../approval-policy";
import { describedWithNote } from "../approval-text";
import { CHANGED_DEFINITION_NOTE, checkDefinitions } from "../tool-pinning";
import { GATED_SURFACE_METHODS } from "../surface-gate";
import type { GatedSurfaceMethod } from "../surface-gate";
import { passSurfaceGate } from "./surface-approval";
import type { ApprovalContext } from "./await-approval";
import type { RoundTripApprovals } from "./round-trip-approval";
import type { InquiryTasks } from "../../inquiries/inquiry-tasks";
import { enableApprovalTasks } from "./tasks/approval-task-starter";
import { createForwardedCalls } from "./elicitation-calls";
import { createElicitationHandler } from "./elicitation-handler";
import { relayUpstreamLogs } from "./upstream-relay";
import type { UpstreamConfig } from "../proxy-policy";
import { createToolCatalog, UpstreamToolListSchema } from "../upstream/tool-catalog";
import { callingClient } from "../../../platform/mcp/client-identity";
import type { LateCancels } from "../../../platform/mcp/late-cancels";
import { createToolCallHandler } from "./tool-call-handler";
import {
  createUpstreamForward,
  forwardedParams,
  upstreamOptions,
  upstreamProtocolError,
} from "./upstream-forward";
import { describeUpstreamFailure, isUpstreamProtocolError } from "../upstream/upstream-connection";

/** The request methods forwarded verbatim, by the capability that enables them. */
const PASS_THROUGH = {
  resources: ["resources/list", "resources/templates/list", "resources/read"],
  prompts: ["prompts/list", "prompts/get"],
  completions: ["completion/complete"],
  logging: ["logging/setLevel"],
} as const;

/**
 * The params of a forwarded request, read loosely: whatever the agent sent reaches the
 * upstream as it is, which validates them itself.
 */
const ForwardedParamsSchema = z.looseObject({ _meta: z.looseObject({}).optional() });

function isGatedSurface(method: string): method is GatedSurfaceMethod {
  return (GATED_SURFACE_METHODS as readonly string[]).includes(method);
}

/** The upstream capabilities the proxy can serve; anything else is not announced. */
function servedCapabilities(upstream: ServerCapabilities): ServerCapabilities {
  const { tools, resources, prompts, completions, logging } = upstream;
  return Object.fromEntries(
    Object.entries({ tools, resources, prompts, completions, logging }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/**
 * Builds the MCP server an agent talks to on `/proxy/<name>/mcp` for one session: the
 * low-level SDK Server (not McpServer) so requests and results pass through unchanged. It
 * announces the upstream's name, version, instructions and capabilities; tools/list pins
 * each tool's definition as first seen and gets the optional approval note on tools that may
 * be gated (and a changed-definition note on tools whose definition changed); tools/call goes
 * through the gate; resources/read, prompts/get and completion/complete go through the
 * upstream's surface policy; listings and logging are forwarded as they are. Upstream
 * notifications (list changes, resource updates, log messages) are relayed to the agent.
 * An upstream's elicitation during a forwarded tools/call becomes an inquiry on the user's
 * devices (see createElicitationHandler).
 */
export function createProxyServer(deps: {
  upstream: UpstreamConfig;
  client: Client;
  approvals: ApprovalContext;
  upstreamGone: AbortSignal;
  /** Aborts when the proxy session closes: keyed calls then leave their approval pending. */
  sessionGone: AbortSignal;
  /** The session's cancels, heard even after a call was answered (2025-era sessions only). */
  cancels?: LateCancels | undefined;
  /** 2026-07-28 requests only: gated calls may be decided over rounds (round-trip-approval.ts). */
  roundTrip?: RoundTripApprovals | undefined;
  /** 2026-07-28 requests only: gated calls run as approval tasks for clients declaring Tasks. */
  tasks?: InquiryTasks | undefined;
}): Server {
  const { client, upstream } = deps;
  const name = deps.approvals.upstream;
  const capabilities = servedCapabilities(client.getServerCapabilities() ?? {});
  const instructions = client.getInstructions();
  const server = new Server(client.getServerVersion() ?? { name, version: "0.0.0" }, {
    capabilities,
    ...(instructions === undefined ? {} : { instructions }),
  });
  const catalog = createToolCatalog(client);
  const calls = createForwardedCalls();
  relayUpstreamLogs(client, server, calls);
  client.setRequestHandler(
    "elicitation/create",
    createElicitationHandler({ approvals: deps.approvals, calls, upstreamGone: deps.upstreamGone }),
  );

  async function relay<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (error) {
      if (isUpstreamProtocolError(error)) throw upstreamProtocolError(name, error);
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `upstream "${name}" failed: ${describeUpstreamFailure(error)}`,
      );
    }
  }

  /**
   * Forwards `method` with its params and result untouched (the schema-bundle registration,
   * so neither side is narrowed to the spec shapes this SDK knows), once the upstream's
   * surface policy lets a read, a prompt or a completion through (surface-approval.ts).
   */
  function passThrough(method: string): void {
    server.setRequestHandler(
      method,
      { params: ForwardedParamsSchema, result: ResultSchema },
      async (params, ctx) => {
        if (isGatedSurface(method)) await passSurfaceGate(deps, method, params, ctx);
        return relay(
          client.request(
            { method, params: forwardedParams(params, deps.upstream) },
            ResultSchema,
            upstreamOptions(deps, ctx),
          ),
        );
      },
    );
  }

  if (capabilities.tools !== undefined) {
    server.setRequestHandler(
      "tools/list",
      { params: ForwardedParamsSchema, result: UpstreamToolListSchema },
      async (params, ctx) => {
        const result = await relay(
          client.request(
            { method: "tools/list", params: forwardedParams(params, deps.upstream) },
            UpstreamToolListSchema,
            upstreamOptions(deps, ctx),
          ),
        );
        catalog.remember(result.tools);
        const definitions = await checkDefinitions(
          deps.approvals.toolPins,
          { userId: deps.approvals.userId, upstream: name },
          result.tools,
        );
        const note = upstream.requiresApprovalNote;
        const tools = result.tools.map((tool) => {
          if (definitions.get(tool.name)?.changed === true)
            return {
              ...tool,
              description: describedWithNote(tool.description, CHANGED_DEFINITION_NOTE),
            };
          if (note !== undefined && mayBeGated(upstream, tool.name))
            return { ...tool, description: describedWithNote(tool.description, note) };
          return tool;
        });
        return { ...result, tools };
      },
    );
    const tasks =
      deps.tasks === undefined
        ? undefined
        : enableApprovalTasks(server, {
            tasks: deps.tasks,
            logger: deps.approvals.logger,
            actions: {
              context: deps.approvals,
              upstream,
              forward: createUpstreamForward({ ...deps, calls }),
              hasOutputSchema: async (tool, ctx) =>
                (await catalog.find(tool, upstreamOptions(deps, ctx)))?.outputSchema !== undefined,
            },
          });
    server.setRequestHandler(
      "tools/call",
      createToolCallHandler({
        ...deps,
        catalog,
        calls,
        tasks,
        callingClient: (extra) => callingClient(server, extra),
      }),
    );
  }
  for (const [capability, schemas] of Object.entries(PASS_THROUGH)) {
    if (capabilities[capability as keyof typeof PASS_THROUGH] === undefined) continue;
    for (const schema of schemas) passThrough(schema);
  }
  if (capabilities.resources?.subscribe === true) {
    passThrough("resources/subscribe");
    passThrough("resources/unsubscribe");
  }

  client.fallbackNotificationHandler = async (notification) => {
    if (notification.method === "notifications/tools/list_changed") catalog.clear();
    await server.notification(notification as ServerNotification).catch(() => undefined);
  };
  return server;
}
