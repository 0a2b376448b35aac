import { randomUUID } from "node:crypto";
import { createMCPClient } from "@ai-sdk/mcp";
import { ToolMessage } from "@langchain/core/messages";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { MCPServerStreamableHttp } from "@openai/agents";
import { z } from "zod";
import type { AgentClient, ToolReply } from "./scripted-agent";
import type { HubEndpoint } from "./sdk-clients";
import { replyOf } from "./tool-reply";

const StructuredArtifactSchema = z.object({
  type: z.literal("mcp_structured_content"),
  data: z.unknown(),
});

/** The model's view of a LangChain ToolMessage, plus the structuredContent the adapters keep as an artifact. */
function replyOfToolMessage(message: ToolMessage): ToolReply {
  const text =
    typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  const artifacts: unknown[] = Array.isArray(message.artifact) ? message.artifact : [];
  const structured = artifacts
    .map((artifact) => StructuredArtifactSchema.safeParse(artifact))
    .find((parsed) => parsed.success)?.data;
  return structured === undefined ? { text } : { text, structuredContent: structured.data };
}

/**
 * `@langchain/mcp-adapters` as a LangGraph agent loads it; the only non-default option is the
 * server's `defaultToolTimeout`. Tools are invoked with a tool call, as ToolNode does, so the
 * reply is the ToolMessage a model would see.
 */
export async function connectLangChain(
  endpoint: HubEndpoint,
  timeoutMs: number,
): Promise<AgentClient> {
  const client = new MultiServerMCPClient({
    mcpServers: {
      hub: {
        transport: "http",
        url: endpoint.url.href,
        headers: { Authorization: `Bearer ${endpoint.token}` },
        defaultToolTimeout: timeoutMs,
      },
    },
  });
  const tools = await client.getTools();
  return {
    async call(name, args) {
      const tool = tools.find((each) => each.name === name);
      if (tool === undefined) throw new Error(`${name} was not loaded`);
      const output: unknown = await tool.invoke({
        type: "tool_call",
        id: randomUUID(),
        name,
        args,
      });
      if (!(output instanceof ToolMessage))
        throw new Error("a tool call did not give a ToolMessage");
      return replyOfToolMessage(output);
    },
    close: () => client.close(),
  };
}

/**
 * `@openai/agents`' MCPServerStreamableHttp, called the way its function tools call it (without
 * an LLM); the only non-default option is the call `timeout`.
 */
export async function connectOpenAiAgents(
  endpoint: HubEndpoint,
  timeoutMs: number,
): Promise<AgentClient> {
  const server = new MCPServerStreamableHttp({
    url: endpoint.url.href,
    requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } },
    timeout: timeoutMs,
  });
  await server.connect();
  return {
    call: async (name, args) => replyOf(await server.callToolResult(name, args)),
    close: () => server.close(),
  };
}

/**
 * `@ai-sdk/mcp`'s createMCPClient with no options at all: it has no request timeout, so the
 * endpoint should carry `?hold=` for the hub to hand it a pending result in time. Tools are run
 * through their `execute`, as generateText does.
 */
export async function connectAiSdk(endpoint: HubEndpoint): Promise<AgentClient> {
  const client = await createMCPClient({
    transport: {
      type: "http",
      url: endpoint.url.href,
      headers: { Authorization: `Bearer ${endpoint.token}` },
    },
  });
  const tools = await client.tools();
  return {
    async call(name, args) {
      const execute = tools[name]?.execute;
      if (execute === undefined) throw new Error(`${name} was not loaded`);
      return replyOf(await execute(args, { toolCallId: randomUUID(), messages: [], context: {} }));
    },
    close: () => client.close(),
  };
}
