/**
 * Chat completion chunks as the agent streams them, for the parsers' tests: one place that
 * knows the chunk's envelope, so each test says only what a chunk carries.
 */

/** A chunk whose one choice carries `delta`; `extra` adds top-level fields (`agent_info`). */
export function chunkWithDelta(
  delta: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1_756_272_472,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: null }],
    ...extra,
  });
}

/** A chunk relaying an MCP notification, as the agent relays the hub's progress. */
export function chunkCarrying(notification: unknown, extra: Record<string, unknown> = {}): string {
  return chunkWithDelta(
    { chatos_additional_data: { mcp_progress_notification_data: JSON.stringify(notification) } },
    extra,
  );
}
