import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { callHubApi, sessionToken } from "./channels";
import { connectHubMcp } from "./hub-mcp";
import { HUB_URL } from "./ports";

/**
 * A new agent key of the person signed in on `page` (through the hub's API with that
 * session), and the key's secret, which the agent sends as its bearer.
 */
export async function createAgentKey(page: Page, name: string, hubUrl = HUB_URL): Promise<string> {
  const response = await callHubApi("/api/agent-keys", {
    token: await sessionToken(page.context()),
    body: { name },
    hubUrl,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { secret: string }).secret;
}

/**
 * An agent on the approval proxy of the demo tools: an MCP SDK client holding one proxy
 * session (one agent run), authenticated with `secret`.
 */
export function connectProxyAgent(secret: string, hubUrl = HUB_URL): Promise<Client> {
  return connectHubMcp(secret, "/proxy/demo/mcp", hubUrl);
}

/**
 * Starts one call of `name` per argument set, all at once on the client's one session, as a
 * model's parallel tool calls; resolves with every result once each came back.
 */
export function callInParallel(
  agent: Client,
  name: string,
  argumentSets: readonly Record<string, unknown>[],
): Promise<CallToolResult[]> {
  return Promise.all(
    argumentSets.map(
      (args) =>
        agent.callTool({ name, arguments: args }, undefined, {
          timeout: 120_000,
        }) as Promise<CallToolResult>,
    ),
  );
}

/** A tool result's text parts, joined. */
export function resultText(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = (result.content ?? []) as CallToolResult["content"];
  return content.map((part) => (part.type === "text" ? part.text : "")).join("");
}
