import { MockLanguageModelV3 } from "ai/test";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
type Prompt = Parameters<MockLanguageModelV3["doGenerate"]>[0]["prompt"];

/** A tool call the scripted model makes in its first step. */
export interface ScriptedToolCall {
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
}

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** What the model read about each tool call's outcome, as one line per result. */
function describeToolResults(prompt: Prompt): string {
  const last = prompt.at(-1);
  if (last?.role !== "tool") return "";
  return last.content
    .map((part) => {
      if (part.type !== "tool-result") return "";
      const output = part.output;
      return output.type === "execution-denied"
        ? `${part.toolName} was denied: ${output.reason ?? "no reason"}`
        : `${part.toolName} returned ${JSON.stringify(output.value)}`;
    })
    .join("\n");
}

/**
 * The AI SDK's own mock model, scripted like a model that follows the conversation: while no
 * tool result is in the prompt it makes `calls`; once one is, it answers with text that
 * repeats what it read (the tool's output or the denial and its reason), so a test can tell
 * the run continued with the right outcome. `doGenerateCalls` records every prompt.
 */
export function createScriptedModel(calls: ScriptedToolCall[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: ({ prompt }): Promise<GenerateResult> => {
      const results = describeToolResults(prompt);
      if (results !== "")
        return Promise.resolve({
          content: [{ type: "text", text: `Done. ${results}` }],
          finishReason: { unified: "stop", raw: undefined },
          usage: USAGE,
          warnings: [],
        });
      return Promise.resolve({
        content: calls.map((call) => ({
          type: "tool-call",
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          input: JSON.stringify(call.input),
        })),
        finishReason: { unified: "tool-calls", raw: undefined },
        usage: USAGE,
        warnings: [],
      });
    },
  });
}

/** The tool results (and denials) the model read in the prompt of step `step` (0-based). */
export function toolResultsSeen(model: MockLanguageModelV3, step: number) {
  return (model.doGenerateCalls[step]?.prompt ?? []).flatMap((message) =>
    message.role === "tool" ? message.content : [],
  );
}
