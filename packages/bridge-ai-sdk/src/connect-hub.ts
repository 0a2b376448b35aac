import { connectHubApprovals } from "@inquiry-hub/hub-approvals";
import type { HubApprovals, HubApprovalsOptions } from "@inquiry-hub/hub-approvals";

/** How the approval cards name this framework, where a proxy call shows its upstream. */
export const AI_SDK_SOURCE = "ai-sdk";

/**
 * Connects to the hub as the AI SDK bridge: one connection per process, shared by every
 * conversation; `close()` it on shutdown.
 *
 * @example
 * const hub = await connectAiSdkHubApprovals({ mcpUrl: "http://127.0.0.1:4000/mcp", agentKey });
 */
export function connectAiSdkHubApprovals(
  options: Omit<HubApprovalsOptions, "source">,
): Promise<HubApprovals> {
  return connectHubApprovals({ ...options, source: AI_SDK_SOURCE });
}
