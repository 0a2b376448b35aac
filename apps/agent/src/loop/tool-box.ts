import type { Logger } from "@inquiry-hub/logging";
import type { ToolDefinition } from "./model-provider";
import type { RunTrace } from "./run-tracer";

/** Timeouts applied to every MCP tool call. */
export interface ToolCallTimeouts {
  /** Per-call timeout; reset by every progress notification (hub heartbeats). */
  timeoutMs: number;
  /** Hard ceiling however many heartbeats arrive. */
  maxTotalTimeoutMs: number;
}

/** Where and how to reach one MCP server for the duration of one chat run. */
export interface McpEndpoint {
  /** Short name used in error messages, e.g. "hub". */
  name: string;
  url: URL;
  /** Extra HTTP headers, e.g. the user's `Authorization` for the hub. */
  headers?: Record<string, string>;
  /** Tools of this server the model is never offered (e.g. the hub's bridge-only tools). */
  hiddenTools?: readonly string[];
  /**
   * Origin of the hub whose questions this server's calls open (the hub itself, or its
   * approval proxy on the hub's origin). A call ended on purpose withdraws them there with
   * `headers`. Absent for a server elsewhere: its progress never names a hub question.
   */
  hubOrigin?: string;
}

/** The tools of every MCP server a chat run may use, behind one call function. */
export interface ToolBox {
  definitions: ToolDefinition[];
  /**
   * Runs a tool; `argumentsJson` is the model's JSON string. Never throws for tool errors.
   * `idempotencyKey` goes in the call's `_meta`, so a repeated call (a resumed run) lands on
   * what the first one started, e.g. the same open question. Throws McpUnreachableError
   * when the server went away mid-call, unless `signal` aborted.
   * Aborting `signal` with WITHDRAW_REASON ends the call on purpose: besides the MCP cancel
   * (which only a 2025-era hub reads as a withdrawal), the questions the call announced are
   * withdrawn on the hub before the call rejects. Any other abort leaves them open.
   */
  call(
    name: string,
    argumentsJson: string,
    signal: AbortSignal,
    idempotencyKey?: string,
  ): Promise<string>;
  close(): Promise<void>;
  /**
   * Drops the connections without cancelling anything (no `notifications/cancelled`, no
   * session DELETE): the agent is shutting down and another process resumes the calls.
   */
  abandon(): Promise<void>;
}

/**
 * Connects to every endpoint and merges their tools; throws {@link McpConnectError} when one
 * cannot be reached. Progress notifications of tool calls reach `onProgress` as their JSON
 * string; each call is a span of `trace`; `logger` hears about questions a deliberate end
 * failed to withdraw. The MCP adapter (`tools/mcp-tool-box.ts`) implements it.
 */
export type OpenToolBox = (
  endpoints: readonly McpEndpoint[],
  timeouts: ToolCallTimeouts,
  onProgress: (notificationJson: string) => void,
  logger: Logger,
  trace: RunTrace,
) => Promise<ToolBox>;

/** An MCP server could not be reached or refused us; `status` is its HTTP status if any. */
export class McpConnectError extends Error {
  override readonly name = "McpConnectError";
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Whether a failure to connect will likely pass by itself: no answer at all, or a 5xx. That
 * is what a restart of the product looks like from the agent (the hub stops before the agent,
 * or starts after it), so a run waits for it instead of ending. A 4xx (a revoked credential,
 * a refused request) will not change by waiting.
 */
export function isPassingConnectFailure(error: unknown): boolean {
  return error instanceof McpConnectError && (error.status === undefined || error.status >= 500);
}

/**
 * A tool call lost its MCP server mid-call: the question it asked may still be open, so the
 * run is resumed later and repeats the call with its idempotency key rather than ending.
 */
export class McpUnreachableError extends Error {
  override readonly name = "McpUnreachableError";
}
