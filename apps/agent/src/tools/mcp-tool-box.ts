import type { Logger } from "@inquiry-hub/logging";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { IDEMPOTENCY_META_KEY, isWithdrawReason } from "@inquiry-hub/protocol";
import { z } from "zod";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";
import type { ToolDefinition } from "../loop/model-provider";
import { UNTRACED_RUN } from "../loop/run-tracer";
import type { RunTrace } from "../loop/run-tracer";
import { McpUnreachableError } from "../loop/tool-box";
import type { McpEndpoint, ToolBox, ToolCallTimeouts } from "../loop/tool-box";
import { isHubUnreachable } from "./hub-unreachable";
import { connectMcp } from "./mcp-connection";
import type { McpConnection } from "./mcp-connection";
import { forwardableProgress } from "./progress-forwarding";
import { trackCallQuestions } from "./withdraw-question";

const ToolArgumentsSchema = z.record(z.string(), z.unknown());

function resultText(result: CallToolResult): string {
  const text = result.content
    .map((block) => (block.type === "text" ? block.text : JSON.stringify(block)))
    .join("\n");
  return result.isError === true ? `${TOOL_ERROR_PREFIX}${text}` : text;
}

function parseArguments(argumentsJson: string): Record<string, unknown> | string {
  try {
    const parsed = ToolArgumentsSchema.safeParse(JSON.parse(argumentsJson || "{}"));
    return parsed.success ? parsed.data : "tool arguments must be a JSON object";
  } catch {
    return "tool arguments are not valid JSON";
  }
}

/**
 * The MCP side of the `OpenToolBox` port: connects to every endpoint (in parallel), merges their tools (the first server offering a
 * name wins) and forwards each progress notification as its JSON string via `onProgress`.
 * If any connection fails, the ones that succeeded are closed and the error is rethrown.
 * Each tool call is a client span of `trace` whose context travels with the request.
 * `logger` hears about questions a deliberate end failed to withdraw.
 */
export async function openToolBox(
  endpoints: readonly McpEndpoint[],
  timeouts: ToolCallTimeouts,
  onProgress: (notificationJson: string) => void,
  logger: Logger,
  trace: RunTrace = UNTRACED_RUN,
): Promise<ToolBox> {
  const observe = (message: Parameters<typeof forwardableProgress>[0]): void => {
    const forwarded = forwardableProgress(message);
    if (forwarded !== undefined) onProgress(forwarded);
  };
  const settled = await Promise.allSettled(
    endpoints.map(async (endpoint) => ({
      endpoint,
      connection: await connectMcp(endpoint, observe),
    })),
  );
  const opened = settled.flatMap((outcome) =>
    outcome.status === "fulfilled" ? [outcome.value] : [],
  );
  const connections = opened.map(({ connection }) => connection);
  const failure = settled.find((outcome) => outcome.status === "rejected");
  const closeAll = async (): Promise<void> => {
    await Promise.allSettled(connections.map((connection) => connection.close()));
  };
  if (failure) {
    await closeAll();
    throw failure.reason;
  }

  const owners = new Map<string, { connection: McpConnection; endpoint: McpEndpoint }>();
  const definitions: ToolDefinition[] = [];
  for (const { connection, endpoint } of opened) {
    for (const tool of connection.tools) {
      if (owners.has(tool.name)) continue;
      owners.set(tool.name, { connection, endpoint });
      definitions.push({
        type: "function",
        function: {
          name: tool.name,
          description: tool.description ?? "",
          parameters: tool.inputSchema,
        },
      });
    }
  }

  return {
    definitions,
    close: closeAll,
    abandon: async () => {
      await Promise.allSettled(connections.map((connection) => connection.client.close()));
    },
    async call(name, argumentsJson, signal, idempotencyKey) {
      const owner = owners.get(name);
      if (!owner) return `${TOOL_ERROR_PREFIX}unknown tool "${name}"`;
      const { connection, endpoint } = owner;
      const args = parseArguments(argumentsJson);
      if (typeof args === "string") return `${TOOL_ERROR_PREFIX}${args}`;
      const questions =
        endpoint.hubOrigin === undefined
          ? undefined
          : trackCallQuestions(
              { hubOrigin: endpoint.hubOrigin, headers: endpoint.headers ?? {} },
              logger,
            );
      const result = await trace
        .toolCall(name, (propagation) => {
          const meta = {
            ...propagation,
            ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_META_KEY]: idempotencyKey }),
          };
          return connection.client.callTool(
            { name, arguments: args, ...(Object.keys(meta).length === 0 ? {} : { _meta: meta }) },
            {
              timeout: timeouts.timeoutMs,
              maxTotalTimeout: timeouts.maxTotalTimeoutMs,
              resetTimeoutOnProgress: true,
              signal,
              onprogress: (progress) => questions?.observe(progress),
              headers: propagation,
            },
          );
        })
        .catch(async (error: unknown) => {
          if (signal.aborted && isWithdrawReason(signal.reason)) await questions?.withdraw();
          if (signal.aborted || !isHubUnreachable(error)) throw error;
          throw new McpUnreachableError(
            `The ${connection.name} MCP server went away during "${name}"`,
            {
              cause: error,
            },
          );
        });
      return resultText(result);
    },
  };
}
