import { ProgressNotificationSchema } from "@inquiry-hub/protocol";
import type { JSONRPCMessage } from "@modelcontextprotocol/client";

/**
 * The JSON string forwarded as `mcp_progress_notification_data` for a raw incoming MCP
 * message, or undefined when it is not a progress notification.
 *
 * The hub sends the inquiry under both `meta` (the established wire shape) and `_meta`;
 * when a sender only used `_meta`, `meta` is re-added so downstream parsers of either key
 * keep working. Everything else in `params` is passed through unchanged.
 */
export function forwardableProgress(message: JSONRPCMessage): string | undefined {
  const parsed = ProgressNotificationSchema.safeParse(message);
  if (!parsed.success) return undefined;
  const params = parsed.data.params;
  const meta = params.meta ?? params._meta;
  const forwardedParams =
    meta === undefined || meta === null ? params : { ...params, meta, _meta: params._meta ?? meta };
  return JSON.stringify({
    method: "notifications/progress",
    params: forwardedParams,
    jsonrpc: "2.0",
  });
}
