import { silentLogger } from "@inquiry-hub/logging";
import { NO_AGENT_METRICS } from "../../src/loop/agent-metrics";
import type { RunSettings } from "../../src/loop/run-settings";
import { NO_RUN_TRACER } from "../../src/loop/run-tracer";

/**
 * Run settings for in-process tests: a hub on its default port, nothing logged, traced or
 * counted, and no MCP server opened (a test that runs tools hands them over itself).
 */
export function testRunSettings(overrides: Partial<RunSettings> = {}): RunSettings {
  return {
    models: new Map(),
    hubMcpUrl: new URL("http://127.0.0.1:4000/mcp"),
    demoToolsMcpUrl: new URL("http://127.0.0.1:4000/proxy/demo/mcp"),
    openToolBox: () => Promise.reject(new Error("this test opens no MCP server")),
    timeouts: { timeoutMs: 60_000, maxTotalTimeoutMs: 60_000 },
    maxSteps: 4,
    systemPrompt: "",
    logger: silentLogger(),
    tracer: NO_RUN_TRACER,
    metrics: NO_AGENT_METRICS,
    ...overrides,
  };
}
