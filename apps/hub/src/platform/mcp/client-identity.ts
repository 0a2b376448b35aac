import { ImplementationSchema } from "@modelcontextprotocol/core";
import type { Implementation, ServerContext } from "@modelcontextprotocol/server";

/** Where a 2026-07-28 request names its client: every request carries it, there is no session. */
const CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo";

/**
 * The client behind a call, as it introduced itself: a 2026-07-28 request's `_meta` clientInfo,
 * else the session's `initialize` clientInfo; undefined when it gave none (or a malformed one).
 */
export function callingClient(
  server: { getClientVersion(): Implementation | undefined },
  ctx: ServerContext,
): Implementation | undefined {
  const claimed = ImplementationSchema.safeParse(ctx.mcpReq._meta?.[CLIENT_INFO_META_KEY]);
  if (claimed.success) return claimed.data;
  return server.getClientVersion();
}
