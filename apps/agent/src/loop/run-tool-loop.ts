import type { ChatMessage, ModelProvider, ToolCall } from "../llm/model-provider";
import type { ToolBox } from "../tools/tool-box";

/** Everything one run of the loop needs. */
export interface ToolLoopInput {
  model: ModelProvider;
  messages: readonly ChatMessage[];
  tools: ToolBox;
  /** Model turns allowed before the run gives up (guards against tool ping-pong). */
  maxSteps: number;
  signal: AbortSignal;
  /** Receives each content delta as soon as the model produces it. */
  onContent: (text: string) => void;
}

/** The loop hit `maxSteps` without a final answer. */
export class StepLimitError extends Error {
  override readonly name = "StepLimitError";
}

/**
 * Runs model turns until one ends without tool calls: stream its content, run its tool calls
 * (sequentially, in order) through the tool box, append the results, ask again.
 * Returns the final assistant text. Throws if aborted, on MCP failures and on the step limit.
 */
export async function runToolLoop(input: ToolLoopInput): Promise<string> {
  const history: ChatMessage[] = [...input.messages];
  for (let step = 0; step < input.maxSteps; step += 1) {
    input.signal.throwIfAborted();
    let text = "";
    const calls: ToolCall[] = [];
    for await (const event of input.model.generate({
      messages: history,
      tools: input.tools.definitions,
      signal: input.signal,
    })) {
      input.signal.throwIfAborted();
      switch (event.type) {
        case "content":
          text += event.text;
          input.onContent(event.text);
          break;
        case "tool_call":
          calls.push(event.call);
          break;
      }
    }
    if (calls.length === 0) return text;
    history.push({ role: "assistant", content: text === "" ? null : text, tool_calls: calls });
    for (const call of calls) {
      const result = await input.tools.call(
        call.function.name,
        call.function.arguments,
        input.signal,
      );
      history.push({ role: "tool", tool_call_id: call.id, content: result });
    }
  }
  throw new StepLimitError(
    `The agent stopped after ${input.maxSteps} steps without a final answer.`,
  );
}
