import type { ModelProvider } from "../llm/model-provider";
import type { McpEndpoint } from "../tools/mcp-connection";
import type { ToolCallTimeouts } from "../tools/tool-box";

/** What every chat request runs with; built once by the composition root. */
export interface RunSettings {
  /** Models by id; the first is the default listed first by `GET /v1/models`. */
  models: ReadonlyMap<string, ModelProvider>;
  hubMcpUrl: URL;
  demoToolsMcpUrl: URL;
  timeouts: ToolCallTimeouts;
  maxSteps: number;
  /** Prepended to conversations without a system message of their own. */
  systemPrompt: string;
}

/**
 * The MCP servers of one request. The hub gets the user's bearer, so the inquiry belongs to
 * that user, and the optional per-request `?timeout=` (client auto-reply deadline).
 */
export function endpointsFor(
  settings: RunSettings,
  token: string,
  inquiryTimeoutSeconds: number | undefined,
): McpEndpoint[] {
  const hubUrl = new URL(settings.hubMcpUrl);
  if (inquiryTimeoutSeconds !== undefined)
    hubUrl.searchParams.set("timeout", String(inquiryTimeoutSeconds));
  return [
    { name: "hub", url: hubUrl, headers: { Authorization: `Bearer ${token}` } },
    { name: "demo-tools", url: new URL(settings.demoToolsMcpUrl) },
  ];
}
