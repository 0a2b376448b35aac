import { SdkError, SdkErrorCode, SdkHttpError } from "@modelcontextprotocol/client";
import { isPassingConnectFailure } from "../loop/tool-box";

/** SDK failures that mean the connection is gone, not that the server refused the call. */
const CONNECTION_LOST_CODES: ReadonlySet<string> = new Set([
  SdkErrorCode.ConnectionClosed,
  SdkErrorCode.SendFailed,
  SdkErrorCode.NotConnected,
]);

/**
 * Whether a failure to reach an MCP server (the hub, its approval proxy) will likely pass by
 * itself: no answer at all (refused, reset, fetch failed), the connection closing under a held
 * call, or a 5xx. That is what a restart of the product looks like from the agent: the hub
 * stops before the agent, or starts after it. A run must outlive it (its question stays open
 * on the person's devices), so such failures let the run go for a later resume instead of
 * ending it. A 4xx (a revoked credential, a refused request) will not change by waiting.
 */
export function isHubUnreachable(error: unknown): boolean {
  if (isPassingConnectFailure(error)) return true;
  if (error instanceof SdkHttpError) return error.status >= 500;
  if (error instanceof SdkError) return CONNECTION_LOST_CODES.has(error.code);
  return error instanceof TypeError && error.message.startsWith("fetch failed");
}
