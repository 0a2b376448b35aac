import { connectHubApprovals } from "@inquiry-hub/hub-approvals";
import type { HubApprovals, HubApprovalsOptions } from "@inquiry-hub/hub-approvals";

/** How this bridge names itself on the approval card, where a proxy call shows its upstream. */
export const OPENAI_AGENTS_SOURCE = "openai-agents";

/**
 * Connects to the hub's `request_approval` tool as the OpenAI Agents SDK bridge. Reuse the
 * connection for every run of the process and `close()` it on shutdown.
 *
 * @example
 * const hub = await connectOpenAIAgentsApprovals({ mcpUrl: "http://localhost:4000/mcp", agentKey });
 */
export function connectOpenAIAgentsApprovals(
  options: Omit<HubApprovalsOptions, "source">,
): Promise<HubApprovals> {
  return connectHubApprovals({ ...options, source: OPENAI_AGENTS_SOURCE });
}
