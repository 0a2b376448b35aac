import { createRequire } from "node:module";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpTransportV2,
} from "@modelcontextprotocol/client";
import type { AgentClient, ToolReply } from "./scripted-agent";
import { replyOf } from "./tool-reply";

/** Where a client reaches the hub: an MCP endpoint and the bearer credential it presents. */
export interface HubEndpoint {
  url: URL;
  token: string;
}

function bearer(token: string): RequestInit {
  return { headers: { Authorization: `Bearer ${token}` } };
}

/**
 * An official SDK v1 `Client` whose only non-default option is its request `timeout`; without
 * one it keeps the SDK's own 60 s.
 */
export async function connectSdkV1(
  endpoint: HubEndpoint,
  timeoutMs?: number,
): Promise<AgentClient> {
  const client = new ClientV1({ name: "scripted-agent-sdk-v1", version: "1.0.0" });
  await client.connect(new HttpTransportV1(endpoint.url, { requestInit: bearer(endpoint.token) }));
  const options = timeoutMs === undefined ? undefined : { timeout: timeoutMs };
  return {
    call: async (name, args): Promise<ToolReply> =>
      replyOf(await client.callTool({ name, arguments: args }, undefined, options)),
    close: () => client.close(),
  };
}

/** An official SDK v2 `Client` whose only non-default option is its request `timeout`. */
export async function connectSdkV2(endpoint: HubEndpoint, timeoutMs: number): Promise<AgentClient> {
  const client = new ClientV2({ name: "scripted-agent-sdk-v2", version: "1.0.0" });
  await client.connect(new HttpTransportV2(endpoint.url, { requestInit: bearer(endpoint.token) }));
  return {
    call: async (name, args): Promise<ToolReply> =>
      replyOf(await client.callTool({ name, arguments: args }, { timeout: timeoutMs })),
    close: () => client.close(),
  };
}

const MCP_REMOTE_BIN = createRequire(import.meta.url).resolve("mcp-remote/dist/proxy.js");

/**
 * A stdio host (SDK v1 `Client`, request `timeout` shortened) talking to the hub through
 * `mcp-remote`, as Claude Desktop and other stdio-only hosts do: the bridge runs as its own
 * process with the hub URL and `--header Authorization:Bearer …`, and keeps its auth state in a
 * temp folder instead of the person's home.
 */
export async function connectViaMcpRemote(
  endpoint: HubEndpoint,
  timeoutMs: number,
): Promise<AgentClient> {
  const configDir = await mkdtemp(path.join(tmpdir(), "mcp-remote-"));
  const client = new ClientV1({ name: "scripted-stdio-host", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [
        MCP_REMOTE_BIN,
        endpoint.url.href,
        "--header",
        `Authorization:Bearer ${endpoint.token}`,
      ],
      env: { ...(process.env as Record<string, string>), MCP_REMOTE_CONFIG_DIR: configDir },
      stderr: "ignore",
    }),
  );
  return {
    call: async (name, args): Promise<ToolReply> =>
      replyOf(await client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs })),
    close: () => client.close(),
  };
}
