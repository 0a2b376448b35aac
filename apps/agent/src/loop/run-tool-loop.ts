import type { Usage } from "@inquiry-hub/protocol";
import { NO_AGENT_METRICS } from "./agent-metrics";
import type { AgentMetrics } from "./agent-metrics";
import type { ChatMessage, ModelProvider, ToolCall } from "./model-provider";
import { pendingToolCalls } from "./pending-tool-calls";
import type { ToolBox } from "./tool-box";

/**
 * The loop's progress: the conversation as it holds it (system prompt, messages, the assistant
 * turns with their tool calls and the tool results so far) and the model turns done.
 */
export interface ToolLoopCheckpoint {
  history: ChatMessage[];
  step: number;
}

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
  /**
   * Where a resumed run picks up (`messages` is then ignored): the history and the number of
   * model turns already done. Tool calls of the last assistant turn without a result are
   * called again first.
   */
  resumeFrom?: ToolLoopCheckpoint;
  /** Hears the progress after every model turn with tool calls and after every tool result. */
  onCheckpoint?: (checkpoint: ToolLoopCheckpoint) => Promise<void>;
  /** The idempotency key of one tool call (background runs), sent in the call's `_meta`. */
  idempotencyKey?: (toolCallId: string) => string;
  /** Where each tool call's duration is counted; nowhere by default. */
  metrics?: Pick<AgentMetrics, "toolCalled">;
}

/** What a run produced: the final answer and the tokens all its model turns used. */
export interface ToolLoopResult {
  text: string;
  /** Summed over the turns; undefined when the provider reports no usage (demo model). */
  usage: Usage | undefined;
}

/** The loop hit `maxSteps` without a final answer. */
export class StepLimitError extends Error {
  override readonly name = "StepLimitError";
}

function addUsage(total: Usage | undefined, turn: Usage): Usage {
  return {
    prompt_tokens: (total?.prompt_tokens ?? 0) + turn.prompt_tokens,
    completion_tokens: (total?.completion_tokens ?? 0) + turn.completion_tokens,
    total_tokens: (total?.total_tokens ?? 0) + turn.total_tokens,
  };
}

/**
 * Runs model turns until one ends without tool calls: stream its content, run its tool calls
 * through the tool box, append the results, ask again. Parallel calls of one turn run one
 * after another, in order: the person sees one question at a time, and a later call may
 * depend on an approval asked by an earlier one.
 * The progress is reported to `onCheckpoint` after every assistant turn with tool calls and
 * every tool result, so a restarted agent redoes at most the step that was in flight.
 * Returns the final assistant text and the summed usage. Throws if aborted, on model and MCP
 * failures and on the step limit.
 */
export async function runToolLoop(input: ToolLoopInput): Promise<ToolLoopResult> {
  const history: ChatMessage[] = [...(input.resumeFrom?.history ?? input.messages)];
  const firstStep = input.resumeFrom?.step ?? 0;
  const save = async (step: number): Promise<void> => {
    await input.onCheckpoint?.({ history: [...history], step });
  };
  const metrics = input.metrics ?? NO_AGENT_METRICS;
  const offered = new Set(input.tools.definitions.map((tool) => tool.function.name));
  const callTool = async (call: ToolCall): Promise<string> => {
    const tool = offered.has(call.function.name) ? call.function.name : "unknown";
    const startedAt = performance.now();
    try {
      const result = await input.tools.call(
        call.function.name,
        call.function.arguments,
        input.signal,
        input.idempotencyKey?.(call.id),
      );
      metrics.toolCalled(tool, "ok", (performance.now() - startedAt) / 1000);
      return result;
    } catch (error) {
      metrics.toolCalled(tool, "error", (performance.now() - startedAt) / 1000);
      throw error;
    }
  };
  const runCalls = async (calls: readonly ToolCall[], step: number): Promise<void> => {
    for (const call of calls) {
      const result = await callTool(call);
      history.push({ role: "tool", tool_call_id: call.id, content: result });
      await save(step);
    }
  };
  if (firstStep > 0) await runCalls(pendingToolCalls(history), firstStep);
  let usage: Usage | undefined;
  for (let step = firstStep; step < input.maxSteps; step += 1) {
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
        case "usage":
          usage = addUsage(usage, event.usage);
          break;
      }
    }
    if (calls.length === 0) return { text, usage };
    history.push({ role: "assistant", content: text === "" ? null : text, tool_calls: calls });
    await save(step + 1);
    await runCalls(calls, step + 1);
  }
  throw new StepLimitError(
    `The agent stopped after ${input.maxSteps} steps without a final answer.`,
  );
}
