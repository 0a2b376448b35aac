import type { Logger } from "@inquiry-hub/logging";
import { HUB_TOOL_NAMES } from "@inquiry-hub/protocol";
import type { AgentMetrics } from "./agent-metrics";
import type { ModelProvider } from "./model-provider";
import type { RunTracer } from "./run-tracer";
import type { McpEndpoint, OpenToolBox, ToolCallTimeouts } from "./tool-box";

/** What every chat run works with, request-bound or background; built once by the app. */
export interface RunSettings {
  /** Models by id; the first is the default listed first by `GET /v1/models`. */
  models: ReadonlyMap<string, ModelProvider>;
  hubMcpUrl: URL;
  demoToolsMcpUrl: URL;
  /** Connects a run to its MCP servers (the MCP adapter; tests bring their own). */
  openToolBox: OpenToolBox;
  timeouts: ToolCallTimeouts;
  maxSteps: number;
  /** Prepended to conversations without a system message of their own. */
  systemPrompt: string;
  /** Where failed runs and MCP connections are reported. */
  logger: Logger;
  /** Starts each run's spans (OpenTelemetry); records nothing when tracing is off. */
  tracer: RunTracer;
  /** Counts runs and times tool calls (Prometheus `/metrics`). */
  metrics: AgentMetrics;
}

/**
 * The MCP servers of one request. The hub gets the request's bearer (the run's agent
 * credential, so the inquiry belongs to that user), the optional per-request `?timeout=`
 * (client auto-reply deadline) and `?yolo=0` (this chat always asks). The tools endpoint gets
 * the bearer only when it is on the hub's origin (the approval proxy, `/proxy/demo/mcp`, whose
 * approvals go to that user's devices); a tools server elsewhere never sees the credential.
 * The proxy also gets the chat's `?yolo=0`, so its approvals are as strict as the chat's
 * inquiries. Both on the hub's origin name it as `hubOrigin`, where a call ended on purpose
 * withdraws its questions.
 */
export function endpointsFor(
  settings: RunSettings,
  token: string,
  inquiryTimeoutSeconds: number | undefined,
  yolo?: false,
): McpEndpoint[] {
  const hubUrl = new URL(settings.hubMcpUrl);
  if (inquiryTimeoutSeconds !== undefined)
    hubUrl.searchParams.set("timeout", String(inquiryTimeoutSeconds));
  if (yolo === false) hubUrl.searchParams.set("yolo", "0");
  const bearer = { Authorization: `Bearer ${token}` };
  const toolsUrl = new URL(settings.demoToolsMcpUrl);
  const onHub = toolsUrl.origin === hubUrl.origin;
  if (onHub && yolo === false) toolsUrl.searchParams.set("yolo", "0");
  return [
    // request_approval is how framework bridges gate their own tools; this agent's gate is the
    // approval proxy, so a model offered it could only ask the person to approve nothing.
    {
      name: "hub",
      url: hubUrl,
      headers: bearer,
      hiddenTools: [HUB_TOOL_NAMES.requestApproval],
      hubOrigin: hubUrl.origin,
    },
    {
      name: "demo-tools",
      url: toolsUrl,
      ...(onHub ? { headers: bearer, hubOrigin: hubUrl.origin } : {}),
    },
  ];
}
