import type { CallToolResult } from "@modelcontextprotocol/server";

/** A successful tool result carrying one text block. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }] };
}

/**
 * A tool-level failure. Failures are results, not exceptions, so the model reads the reason
 * and can correct itself instead of the whole call failing at the protocol level.
 */
export function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
