/**
 * The hub's documented defaults, used when the agent's environment does not carry the hub's
 * own variables (the two usually run with one shared environment or a shared .env file).
 */
export const HUB_TIMEOUT_DEFAULTS = {
  inquiryTimeoutSeconds: 120,
  timeoutGraceSeconds: 10,
  heartbeatSeconds: 10,
} as const;

/** The links of the chain the agent can see: its own MCP timeouts and the hub's. */
export interface AgentTimeoutChain {
  mcpTimeoutSeconds: number;
  mcpMaxTotalTimeoutSeconds: number;
  hubInquiryTimeoutSeconds: number;
  hubTimeoutGraceSeconds: number;
  hubHeartbeatSeconds: number;
}

/**
 * The agent's part of the timeout chain (ARCHITECTURE.md §1): the agent's MCP timeout must
 * outlast the hub's backstop (client deadline + grace), so a waiting `send_inquiry` always
 * ends with the hub's clear "no answer" text rather than a transport error; it must exceed
 * the heartbeat interval, or the call times out between two heartbeats that would reset
 * it; and the hard cap (`maxTotalTimeout`) may not be below the per-call timeout.
 *
 * Returns one sentence per broken link, each opening with the variable to change.
 */
export function agentTimeoutChainProblems(chain: AgentTimeoutChain): string[] {
  const problems: string[] = [];
  const backstop = chain.hubInquiryTimeoutSeconds + chain.hubTimeoutGraceSeconds;
  if (chain.mcpTimeoutSeconds <= backstop) {
    problems.push(
      `AGENT_MCP_TIMEOUT_SECONDS: must be above the hub's timeout + grace ` +
        `(HUB_INQUIRY_TIMEOUT_SECONDS ${chain.hubInquiryTimeoutSeconds} s + HUB_TIMEOUT_GRACE_SECONDS ` +
        `${chain.hubTimeoutGraceSeconds} s = ${backstop} s), got ${chain.mcpTimeoutSeconds} s`,
    );
  }
  if (chain.mcpTimeoutSeconds <= chain.hubHeartbeatSeconds) {
    problems.push(
      `AGENT_MCP_TIMEOUT_SECONDS: must be above the hub's heartbeat interval ` +
        `(HUB_HEARTBEAT_SECONDS ${chain.hubHeartbeatSeconds} s), got ${chain.mcpTimeoutSeconds} s`,
    );
  }
  if (chain.mcpMaxTotalTimeoutSeconds < chain.mcpTimeoutSeconds) {
    problems.push(
      `AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS: must be at least AGENT_MCP_TIMEOUT_SECONDS ` +
        `(${chain.mcpTimeoutSeconds} s), got ${chain.mcpMaxTotalTimeoutSeconds} s`,
    );
  }
  return problems;
}
