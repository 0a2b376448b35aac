import type { FunctionTool, RunToolApprovalItem } from "@openai/agents";
import type { ToolCallForApproval } from "@inquiry-hub/hub-approvals";
import { approvalKey } from "./approval-key";

/**
 * What the person may decide. No `edit`: the SDK (0.14 through 0.20) can only approve or reject
 * a pending call (`RunState.approve` / `reject`); it has no way to run the call with other
 * arguments, so offering an editor would promise something the run cannot do (the request for
 * one, openai-agents-js issue #1097, was closed as "wontfix").
 */
export const OFFERED_DECISIONS = ["approve", "reject"] as const;

/**
 * The call's id as the model gave it: a call id where the item has one, else the hosted item's
 * own id. It is kept in the serialized state, so a restored run reads the same one.
 */
export function callIdOf(item: RunToolApprovalItem): string {
  const raw = item.rawItem;
  if ("callId" in raw) return raw.callId;
  const providerData = raw.providerData as { itemId?: unknown; id?: unknown } | undefined;
  const fallback = raw.id ?? providerData?.itemId ?? providerData?.id;
  return typeof fallback === "string" ? fallback : "";
}

function parsedArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the card shows the raw text below.
  }
  return { arguments: text };
}

/** The call's arguments as the person reads them, for every kind of call that can wait. */
function argumentsOf(item: RunToolApprovalItem): Record<string, unknown> {
  const raw = item.rawItem;
  switch (raw.type) {
    case "function_call":
    case "hosted_tool_call":
      return parsedArguments(raw.arguments);
    case "shell_call":
      return { ...raw.action };
    case "apply_patch_call":
      return { ...raw.operation };
    case "computer_call":
      return raw.actions === undefined ? { ...raw.action } : { actions: raw.actions };
  }
}

/** The agent's own function tool behind the call, for its description and JSON Schema. */
function functionToolOf(item: RunToolApprovalItem): FunctionTool | undefined {
  const tools: readonly { type: string; name: string }[] = item.agent.tools;
  return tools.find(
    (candidate): candidate is FunctionTool =>
      candidate.type === "function" && candidate.name === item.name,
  );
}

/**
 * Turns one of the run's interruptions into the approval the hub shows: the tool's name,
 * its arguments, its description and parameter schema when the agent defines the tool, and
 * a key built from `runId` and the call id so a restarted process reattaches to it.
 */
export function approvalRequestFor(item: RunToolApprovalItem, runId: string): ToolCallForApproval {
  const tool = functionToolOf(item);
  return {
    tool: item.name ?? item.rawItem.type,
    arguments: argumentsOf(item),
    description: tool?.description === "" ? undefined : tool?.description,
    inputSchema: tool?.parameters as Record<string, unknown> | undefined,
    allowedDecisions: OFFERED_DECISIONS,
    key: approvalKey(runId, callIdOf(item)),
    runId,
  };
}
