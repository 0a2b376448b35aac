import { Client, SdkHttpError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ClientOptions, JSONRPCMessage, Tool } from "@modelcontextprotocol/client";
import { McpConnectError } from "../loop/tool-box";
import type { McpEndpoint } from "../loop/tool-box";
import { ObservingTransport } from "./observing-transport";

/**
 * Speak whatever generation the server speaks: the SDK probes with `server/discover` and
 * uses 2026-07-28 (stateless, any hub node) when offered, and otherwise falls back to the
 * 2025 `initialize` handshake and its session (today's hub, other 2025-era servers).
 */
const CLIENT_OPTIONS: ClientOptions = { versionNegotiation: { mode: "auto" } };

/** A connected MCP client with its tool list, closed when the chat request ends. */
export interface McpConnection {
  name: string;
  client: Client;
  tools: Tool[];
  close(): Promise<void>;
}

function httpStatusOf(error: unknown): number | undefined {
  return error instanceof SdkHttpError ? error.status : undefined;
}

/**
 * Connects an MCP SDK client over Streamable HTTP and lists its tools. `observe` sees every
 * raw incoming message (used to forward progress notifications unchanged). Closing ends a
 * 2025-era session with its DELETE; a 2026-07-28 connection has no session to end.
 */
export async function connectMcp(
  endpoint: McpEndpoint,
  observe: (message: JSONRPCMessage) => void,
): Promise<McpConnection> {
  const client = new Client({ name: "inquiry-hub-agent", version: "0.1.0" }, CLIENT_OPTIONS);
  const inner = new StreamableHTTPClientTransport(endpoint.url, {
    requestInit: { headers: endpoint.headers ?? {} },
  });
  const transport = new ObservingTransport(inner, observe);
  const close = async (): Promise<void> => {
    await transport.drain();
    if (inner.sessionId !== undefined) await inner.terminateSession().catch(() => undefined);
    await client.close();
  };
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const offered = tools.filter((tool) => endpoint.hiddenTools?.includes(tool.name) !== true);
    return { name: endpoint.name, client, tools: offered, close };
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new McpConnectError(
      `Could not connect to the ${endpoint.name} MCP server at ${endpoint.url.origin}${endpoint.url.pathname}: ${reason}`,
      httpStatusOf(error),
      { cause: error },
    );
  }
}
