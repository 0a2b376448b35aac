import type { CallToolResult } from "@modelcontextprotocol/server";
import { toHubError } from "../../kernel/errors";

/**
 * A hub tool's failure as the model sees it: a tool result with `isError: true` and
 * `CODE: message`, so the agent can read why (pending cap, rate limit, already answered) and
 * react. Anything that is not a HubError becomes `INTERNAL: internal error`: internals never
 * reach the caller.
 */
export function toolErrorResult(error: unknown): CallToolResult {
  const hubError = toHubError(error);
  return {
    isError: true,
    content: [{ type: "text", text: `${hubError.code}: ${hubError.message}` }],
  };
}
