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
 * that user, the optional per-request `?timeout=` (client auto-reply deadline) and `?yolo=`
 * (this chat's YOLO override). The
 * tools endpoint gets the bearer only when it is on the hub's origin (the approval proxy,
 * `/proxy/demo/mcp`, whose approvals go to that user's devices); a tools server elsewhere
 * never sees the user's credential. The proxy also gets the chat's `?yolo=`, so its
 * approvals follow the same override as the chat's inquiries.
 */
export function endpointsFor(
  settings: RunSettings,
  token: string,
  inquiryTimeoutSeconds: number | undefined,
  yolo?: boolean,
): McpEndpoint[] {
  const hubUrl = new URL(settings.hubMcpUrl);
  if (inquiryTimeoutSeconds !== undefined)
    hubUrl.searchParams.set("timeout", String(inquiryTimeoutSeconds));
  if (yolo !== undefined) hubUrl.searchParams.set("yolo", yolo ? "1" : "0");
  const bearer = { Authorization: `Bearer ${token}` };
  const toolsUrl = new URL(settings.demoToolsMcpUrl);
  const onHub = toolsUrl.origin === hubUrl.origin;
  if (onHub && yolo !== undefined) toolsUrl.searchParams.set("yolo", yolo ? "1" : "0");
  return [
    { name: "hub", url: hubUrl, headers: bearer },
    { name: "demo-tools", url: toolsUrl, ...(onHub ? { headers: bearer } : {}) },
  ];
}
