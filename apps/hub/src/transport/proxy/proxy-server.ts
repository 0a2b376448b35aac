import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  McpError,
  CompleteRequestSchema,
  ElicitRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  ResultSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type {
  ServerCapabilities,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { mayBeGated } from "../../core/approvals/approval-policy";
import { describedWithNote } from "../../core/approvals/approval-text";
import type { ApprovalContext } from "./await-approval";
import { createForwardedCalls } from "./elicitation-calls";
import { createElicitationHandler } from "./elicitation-handler";
import type { UpstreamConfig } from "../../core/approvals/proxy-policy";
import { createToolCatalog, UpstreamToolListSchema } from "../../infra/mcp-upstream/tool-catalog";
import {
  createToolCallHandler,
  forwardedParams,
  upstreamOptions,
  upstreamProtocolError,
} from "./tool-call-handler";
import {
  describeUpstreamFailure,
  isUpstreamProtocolError,
} from "../../infra/mcp-upstream/upstream-connection";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The request schemas forwarded verbatim, by the capability that enables them. */
const PASS_THROUGH = {
  resources: [
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
  ],
  prompts: [ListPromptsRequestSchema, GetPromptRequestSchema],
  completions: [CompleteRequestSchema],
  logging: [SetLevelRequestSchema],
} as const;

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
 * announces the upstream's name, version, instructions and capabilities; tools/list gets the
 * optional approval note on tools that may be gated; tools/call goes through the gate;
 * resources, prompts, completions and logging are forwarded as they are. Upstream
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
  client.setRequestHandler(
    ElicitRequestSchema,
    createElicitationHandler({ approvals: deps.approvals, calls, upstreamGone: deps.upstreamGone }),
  );

  async function relay<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (error) {
      if (isUpstreamProtocolError(error)) throw upstreamProtocolError(name, error);
      throw new McpError(
        ErrorCode.InternalError,
        `upstream "${name}" failed: ${describeUpstreamFailure(error)}`,
      );
    }
  }

  function passThrough(
    schema:
      | (typeof PASS_THROUGH)[keyof typeof PASS_THROUGH][number]
      | typeof SubscribeRequestSchema
      | typeof UnsubscribeRequestSchema,
  ): void {
    server.setRequestHandler(schema, (request, extra: Extra) =>
      relay(
        client.request(
          { method: request.method, params: forwardedParams(request.params ?? {}) },
          ResultSchema,
          upstreamOptions(deps, extra),
        ),
      ),
    );
  }

  if (capabilities.tools !== undefined) {
    server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
      const result = await relay(
        client.request(
          { method: "tools/list", params: forwardedParams(request.params ?? {}) },
          UpstreamToolListSchema,
          upstreamOptions(deps, extra),
        ),
      );
      catalog.remember(result.tools);
      const note = upstream.requiresApprovalNote;
      if (note === undefined) return result;
      const tools = result.tools.map((tool) =>
        mayBeGated(upstream, tool.name)
          ? { ...tool, description: describedWithNote(tool.description, note) }
          : tool,
      );
      return { ...result, tools };
    });
    server.setRequestHandler(
      CallToolRequestSchema,
      createToolCallHandler({ ...deps, catalog, calls }),
    );
  }
  for (const [capability, schemas] of Object.entries(PASS_THROUGH)) {
    if (capabilities[capability as keyof typeof PASS_THROUGH] === undefined) continue;
    for (const schema of schemas) passThrough(schema);
  }
  if (capabilities.resources?.subscribe === true) {
    passThrough(SubscribeRequestSchema);
    passThrough(UnsubscribeRequestSchema);
  }

  client.fallbackNotificationHandler = async (notification) => {
    if (notification.method === "notifications/tools/list_changed") catalog.clear();
    await server.notification(notification as ServerNotification).catch(() => undefined);
  };
  return server;
}
