import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { HubError } from "../../core/shared/errors";
import type { UpstreamConnection } from "../../core/approvals/proxy-policy";
import { resolveUpstreamHeaders } from "./upstream-headers";

/** Identifies the proxy to upstream servers in their initialize request. */
const PROXY_CLIENT_INFO = { name: "inquiry-hub-approval-proxy", version: "0.1.0" };

/**
 * Upstreams may elicit form input: the proxy shows the form on the user's devices. URL-mode
 * elicitation is not announced (a device cannot complete an arbitrary out-of-band flow for
 * the upstream), so the SDK refuses it.
 */
const ELICITATION_CAPABILITY = { elicitation: { form: {} } };

async function transportFor(connection: UpstreamConnection): Promise<Transport> {
  switch (connection.kind) {
    case "http":
      return new StreamableHTTPClientTransport(connection.url, {
        requestInit: { headers: await resolveUpstreamHeaders(connection.headers) },
      });
    case "stdio":
      return new StdioClientTransport({
        command: connection.command,
        args: connection.args,
        ...(connection.env === undefined ? {} : { env: connection.env }),
        ...(connection.cwd === undefined ? {} : { cwd: connection.cwd }),
        stderr: "inherit",
      });
  }
}

/**
 * A short, human-readable cause for any upstream failure: the SDK's timeout and
 * connection-closed errors, fetch's `fetch failed (ECONNREFUSED)`, or the message.
 */
export function describeUpstreamFailure(error: unknown): string {
  if (error instanceof McpError && error.code === Number(ErrorCode.RequestTimeout))
    return "no response before the proxy's deadline";
  if (error instanceof McpError && error.code === Number(ErrorCode.ConnectionClosed))
    return "the connection closed";
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  const code =
    cause !== null && typeof cause === "object" && "code" in cause && typeof cause.code === "string"
      ? ` (${cause.code})`
      : "";
  return `${error.message}${code}`;
}

/**
 * True when the upstream itself answered with a JSON-RPC error (as opposed to not answering):
 * such errors pass through to the agent with their code.
 */
export function isUpstreamProtocolError(error: unknown): error is McpError {
  return (
    error instanceof McpError &&
    error.code !== Number(ErrorCode.RequestTimeout) &&
    error.code !== Number(ErrorCode.ConnectionClosed)
  );
}

/**
 * Opens one MCP client session to an upstream and initializes it within `timeoutMs`.
 * Throws HubError UPSTREAM naming the upstream and the cause, so the agent's initialize gets
 * a clear 502 instead of a hang; a half-open transport is closed before throwing.
 * `onClosed` runs once when the connection closes, however that happens (it is chained
 * before the SDK's own handler, so a later `client.onclose` does not replace it).
 */
export async function connectUpstream(
  name: string,
  connection: UpstreamConnection,
  timeoutMs: number,
  onClosed: () => void = () => undefined,
): Promise<Client> {
  const client = new Client(PROXY_CLIENT_INFO, { capabilities: ELICITATION_CAPABILITY });
  try {
    const transport = await transportFor(connection);
    transport.onclose = onClosed;
    await client.connect(transport, { timeout: timeoutMs });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new HubError(
      "UPSTREAM",
      `upstream "${name}" is unreachable: ${describeUpstreamFailure(error)}`,
      { cause: error },
    );
  }
}
