import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ClientOptions } from "@modelcontextprotocol/client";

/** The 2026-07-28 revision, which the hub serves statelessly on `/mcp`. */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** A v2 SDK client on `/mcp` and where each of its HTTP requests went. */
export interface ModernMcpClient {
  client: Client;
  /** The origin each request was sent to, in order (one entry per HTTP request). */
  sentTo: string[];
  /** The same round-robin fetch, for requests sent beside the SDK (raw task requests). */
  fetch: (url: string | URL, init?: RequestInit) => Promise<Response>;
}

/** Where and how the client connects, besides the defaults of `/mcp` and auto-negotiation. */
export interface ModernMcpOptions {
  /** The MCP URL's path, e.g. `/proxy/demo/mcp`; `/mcp` by default. */
  path?: string;
  /** Client options merged over `versionNegotiation: auto` (capabilities, inputRequired). */
  client?: ClientOptions;
}

/**
 * Connects an SDK v2 client that negotiates (`versionNegotiation: auto`, a `server/discover`
 * probe) with `<path><query>` (`/mcp` unless `options.path`). Its fetch sends each HTTP request to the next of `hubs` in turn,
 * like a round-robin load balancer without stickiness; with one hub it is a plain client.
 */
export async function connectModernMcp(
  hubs: readonly URL[],
  token: string,
  query = "",
  options: ModernMcpOptions = {},
): Promise<ModernMcpClient> {
  const sentTo: string[] = [];
  let turn = 0;
  const roundRobin = (url: string | URL, init?: RequestInit): Promise<Response> => {
    const hub = hubs[turn % hubs.length];
    if (hub === undefined) throw new Error("connectModernMcp needs at least one hub");
    turn += 1;
    const target = new URL(url);
    const routed = new URL(`${target.pathname}${target.search}`, hub);
    sentTo.push(routed.origin);
    return fetch(routed, init);
  };
  const first = hubs[0];
  if (first === undefined) throw new Error("connectModernMcp needs at least one hub");
  const client = new Client(
    { name: "hub-test-modern", version: "1.0.0" },
    { versionNegotiation: { mode: "auto" }, ...options.client },
  );
  const url = new URL(`${options.path ?? "/mcp"}${query}`, first);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: roundRobin,
  });
  await client.connect(transport);
  return { client, sentTo, fetch: roundRobin };
}
