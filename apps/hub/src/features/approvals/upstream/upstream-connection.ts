import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import {
  Client,
  StreamableHTTPClientTransport,
  ProtocolError,
  SdkError,
  SdkErrorCode,
} from "@modelcontextprotocol/client";
import type { Transport } from "@modelcontextprotocol/client";
import { deliverResponsesAfterNotifications } from "./responses-after-notifications";
import { HubError } from "../../../kernel/errors";
import type { UpstreamConnection } from "../proxy-policy";
import { resolveUpstreamHeaders } from "./upstream-headers";
import { createCappedFetch, DEFAULT_MAX_RESULT_BYTES } from "./result-cap";

/** Identifies the proxy to upstreams: in `initialize` (2025) or each request's `_meta` (2026-07-28). */
const PROXY_CLIENT_INFO = { name: "inquiry-hub-approval-proxy", version: "0.1.0" };

/**
 * Upstreams may elicit form input: the proxy shows the form on the user's devices. URL-mode
 * elicitation is not announced (a device cannot complete an arbitrary out-of-band flow for
 * the upstream), so the SDK refuses it.
 */
const ELICITATION_CAPABILITY = { elicitation: { form: {} } };

/**
 * The proxy speaks whichever generation the upstream serves: a `server/discover` probe picks
 * 2026-07-28 when the upstream offers it, anything else falls back to the 2025 `initialize`
 * handshake (on stdio the probe runs on a short-lived sibling process). On 2026-07-28 an
 * upstream asks for input by answering `input_required`; the SDK client fulfils it through
 * the same `elicitation/create` handler a 2025 upstream's request reaches and retries the
 * call itself, inside the one `request` the proxy awaits, so the forwarded call's deadline,
 * progress relay and cancellation cover every round.
 */
const VERSION_NEGOTIATION = { mode: "auto" } as const;

/**
 * The transport to an upstream, bounding each response to `maxResultBytes`: over HTTP an
 * oversized response becomes its request's error before it is parsed (result-cap.ts); over
 * stdio the SDK's read buffer stops at the cap and closes the connection.
 */
async function transportFor(
  connection: UpstreamConnection,
  maxResultBytes: number,
): Promise<Transport> {
  switch (connection.kind) {
    case "http":
      return new StreamableHTTPClientTransport(connection.url, {
        requestInit: { headers: await resolveUpstreamHeaders(connection.headers) },
        fetch: createCappedFetch(maxResultBytes),
      });
    case "stdio":
      return new StdioClientTransport({
        command: connection.command,
        args: connection.args,
        ...(connection.env === undefined ? {} : { env: connection.env }),
        ...(connection.cwd === undefined ? {} : { cwd: connection.cwd }),
        stderr: "inherit",
        maxBufferSize: maxResultBytes,
      });
  }
}

/** How deep describeUpstreamFailure looks for a system error code among nested causes. */
const MAX_CAUSE_DEPTH = 4;

/**
 * The innermost error whose cause carries a system error code (fetch's `fetch failed` with
 * `ECONNREFUSED`), however deep the SDK wrapped it (a failed version-negotiation probe wraps
 * fetch's error once more).
 */
function codedFailure(error: Error): { message: string; code: string } | undefined {
  let found: { message: string; code: string } | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth += 1) {
    const cause: unknown = current.cause;
    if (
      cause !== null &&
      typeof cause === "object" &&
      "code" in cause &&
      typeof cause.code === "string"
    )
      found = { message: current.message, code: cause.code };
    current = cause;
  }
  return found;
}

/**
 * A short, human-readable cause for any upstream failure: the SDK's timeout and
 * connection-closed errors, fetch's `fetch failed (ECONNREFUSED)`, or the message.
 */
export function describeUpstreamFailure(error: unknown): string {
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
    return "no response before the proxy's deadline";
  if (isConnectionClosed(error)) return "the connection closed";
  if (!(error instanceof Error)) return String(error);
  const coded = codedFailure(error);
  return coded === undefined ? error.message : `${coded.message} (${coded.code})`;
}

/** True when the SDK gave up on a request because its connection closed first. */
export function isConnectionClosed(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed;
}

/**
 * True when the upstream itself answered with a JSON-RPC error (as opposed to not answering,
 * which the SDK reports as an SdkError): such errors pass through to the agent with their code.
 */
export function isUpstreamProtocolError(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError;
}

/**
 * Opens one MCP client connection to an upstream, negotiating its protocol generation (see
 * VERSION_NEGOTIATION), within `timeoutMs`, relaying no response over `maxResultBytes`.
 * Throws HubError UPSTREAM naming the upstream and the cause, so the agent's initialize gets
 * a clear 502 instead of a hang; a half-open transport is closed before throwing.
 * `onClosed` runs once when the connection closes, however that happens (it is chained
 * before the SDK's own handler, so a later `client.onclose` does not replace it).
 */
export async function connectUpstream(
  name: string,
  connection: UpstreamConnection,
  timeoutMs: number,
  maxResultBytes: number = DEFAULT_MAX_RESULT_BYTES,
  onClosed: () => void = () => undefined,
): Promise<Client> {
  const client = new Client(PROXY_CLIENT_INFO, {
    capabilities: ELICITATION_CAPABILITY,
    versionNegotiation: VERSION_NEGOTIATION,
  });
  try {
    const transport = await transportFor(connection, maxResultBytes);
    transport.onclose = onClosed;
    await client.connect(transport, { timeout: timeoutMs });
    deliverResponsesAfterNotifications(transport);
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
