import { connectHubApprovals } from "@inquiry-hub/hub-approvals";
import type { HubApprovals, HubApprovalsOptions } from "@inquiry-hub/hub-approvals";

/** How the approval cards name this framework, where a proxy call shows its upstream. */
export const LANGGRAPH_SOURCE = "langgraph";

/**
 * Connects to the hub as the LangGraph bridge: one connection per process, shared by every
 * thread; `close()` it on shutdown.
 *
 * @example
 * const hub = await connectLangGraphHubApprovals({ mcpUrl: "http://127.0.0.1:4000/mcp", agentKey });
 */
export function connectLangGraphHubApprovals(
  options: Omit<HubApprovalsOptions, "source">,
): Promise<HubApprovals> {
  return connectHubApprovals({ ...options, source: LANGGRAPH_SOURCE });
}
