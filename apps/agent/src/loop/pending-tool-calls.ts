import type { ChatMessage, ToolCall } from "./model-provider";

/**
 * The tool calls of the history's last assistant turn that have no tool result yet, in the
 * order the model made them. A run checkpointed between a tool call and its result (the
 * agent died while a question waited) calls exactly these again on resume.
 *
 * @example
 * pendingToolCalls([user, { role: "assistant", content: null, tool_calls: [a, b] }, resultOfA]) // [b]
 */
export function pendingToolCalls(history: readonly ChatMessage[]): ToolCall[] {
  const answered = new Set<string>();
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index];
    if (message?.role === "tool") {
      answered.add(message.tool_call_id);
      continue;
    }
    if (message?.role !== "assistant") return [];
    return (message.tool_calls ?? []).filter((call) => !answered.has(call.id));
  }
  return [];
}
