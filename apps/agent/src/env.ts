import { z } from "zod";
import type { AgentConfig } from "./app";

/** The hub answers within 120 s plus a 10 s grace; the agent must wait longer than that. */
const HUB_TIMEOUT_WITH_GRACE_SECONDS = 130;

const EnvSchema = z.object({
  AGENT_PORT: z.coerce.number().int().min(0).max(65_535).default(4100),
  AGENT_HOST: z.string().min(1).default("127.0.0.1"),
  HUB_MCP_URL: z.url().default("http://127.0.0.1:4000/mcp"),
  DEMO_TOOLS_MCP_URL: z.url().default("http://127.0.0.1:4200/mcp"),
  AGENT_MCP_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .gt(
      HUB_TIMEOUT_WITH_GRACE_SECONDS,
      `must be above the hub's 120 s timeout + 10 s grace (> ${HUB_TIMEOUT_WITH_GRACE_SECONDS})`,
    )
    .default(150),
  AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  AGENT_MAX_STEPS: z.coerce.number().int().min(1).max(100).default(8),
});

/** Where to listen plus the server configuration. */
export interface AgentEnv {
  port: number;
  host: string;
  config: AgentConfig;
}

/**
 * The only place that reads `process.env`. Throws an error naming every bad variable, so a
 * misconfigured agent stops at start-up instead of failing on its first chat.
 */
export function readAgentEnv(source: NodeJS.ProcessEnv = process.env): AgentEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid agent environment: ${problems.join("; ")}`);
  }
  const env = parsed.data;
  return {
    port: env.AGENT_PORT,
    host: env.AGENT_HOST,
    config: {
      hubMcpUrl: env.HUB_MCP_URL,
      demoToolsMcpUrl: env.DEMO_TOOLS_MCP_URL,
      mcpTimeoutSeconds: env.AGENT_MCP_TIMEOUT_SECONDS,
      mcpMaxTotalTimeoutSeconds: env.AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS,
      maxSteps: env.AGENT_MAX_STEPS,
    },
  };
}
