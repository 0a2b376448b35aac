/**
 * The hub's documented defaults, used when the agent's environment does not carry the hub's
 * own variables (the two usually run with one shared environment or a shared .env file).
 */
export const HUB_TIMEOUT_DEFAULTS = {
  inquiryTimeoutSeconds: 120,
  timeoutGraceSeconds: 10,
  heartbeatSeconds: 10,
  extendMaxSeconds: 1800,
} as const;

/** The links of the chain the agent can see: its own MCP timeouts and the hub's. */
export interface AgentTimeoutChain {
  mcpTimeoutSeconds: number;
  mcpMaxTotalTimeoutSeconds: number;
  hubInquiryTimeoutSeconds: number;
  hubTimeoutGraceSeconds: number;
  hubHeartbeatSeconds: number;
  /** How late Extend may move a question's deadline, from when it was asked. */
  hubExtendMaxSeconds: number;
}

/**
 * The agent's part of the timeout chain (docs/concepts/inquiry-life.md, "The timeout chain"): the
 * agent's MCP timeout must outlast the hub's backstop (client deadline + grace), so a waiting
 * `send_inquiry` always ends with the hub's clear "no answer" text rather than a transport error;
 * it must exceed the heartbeat interval, or the call times out between two heartbeats that would
 * reset it; the hard cap (`maxTotalTimeout`) may not be below the per-call timeout; and it must
 * outlast the latest backstop a person's Extend can reach (`HUB_EXTEND_MAX_SECONDS` + grace), or an
 * extended question would end in a transport error instead of the person's answer.
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
  const extendedBackstop = chain.hubExtendMaxSeconds + chain.hubTimeoutGraceSeconds;
  if (chain.mcpMaxTotalTimeoutSeconds <= extendedBackstop) {
    problems.push(
      `AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS: must be above the latest deadline Extend reaches + grace ` +
        `(HUB_EXTEND_MAX_SECONDS ${chain.hubExtendMaxSeconds} s + HUB_TIMEOUT_GRACE_SECONDS ` +
        `${chain.hubTimeoutGraceSeconds} s = ${extendedBackstop} s), got ${chain.mcpMaxTotalTimeoutSeconds} s`,
    );
  }
  return problems;
}
