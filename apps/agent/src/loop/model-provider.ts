import type { Usage } from "@inquiry-hub/protocol";

/**
 * Opens the content of a tool message whose MCP result had `isError`, so any model (and the
 * demo model's rules) can tell a failed tool from a successful one.
 */
export const TOOL_ERROR_PREFIX = "Tool error: ";

/** A tool call as OpenAI formats it: `arguments` is a JSON string. */
export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/**
 * One message of an OpenAI-format conversation, normalised so `content` is always text.
 * The loop appends assistant tool calls and tool results in exactly this shape, so a real
 * OpenAI-compatible provider can receive the history unchanged.
 */
export type ChatMessage =
  | { role: "system" | "developer" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

/** A tool offered to the model, in OpenAI's function-tool shape (JSON Schema parameters). */
export interface ToolDefinition {
  type: "function";
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

/**
 * What a model emits while generating one assistant turn. `usage` comes at most once per
 * turn, from providers whose API reports token counts; the loop sums it over the run.
 */
export type ModelEvent =
  | { type: "content"; text: string }
  | { type: "tool_call"; call: ToolCall }
  | { type: "usage"; usage: Usage };

/** Everything one model turn needs. */
export interface ModelRequest {
  messages: readonly ChatMessage[];
  tools: readonly ToolDefinition[];
  /** Aborted when the HTTP client goes away; providers stop generating. */
  signal: AbortSignal;
}

/**
 * The seam between the tool loop and any model: the built-in demo model or an
 * OpenAI-compatible API. A provider streams content deltas and tool calls for one assistant
 * turn; the loop runs the tools and calls it again. Providers throw when a turn fails, they
 * never stop silently.
 */
export interface ModelProvider {
  /** The id listed by `GET /v1/models` and accepted as `model` in requests. */
  readonly id: string;
  generate(request: ModelRequest): AsyncIterable<ModelEvent>;
}
