import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";

/** A tool call the test server makes the model emit. */
export interface ScriptedCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** One assistant turn, as the test server streams it. */
export interface ScriptedTurn {
  /** Streamed word by word. */
  text?: string;
  /** Streamed as OpenAI does: id and name first, arguments in pieces, calls interleaved. */
  calls?: ScriptedCall[];
  /** Sent as a last chunk with empty `choices`, as with `stream_options.include_usage`. */
  usage?: CompletionUsage;
}

type Delta = ChatCompletionChunk.Choice.Delta;
type FinishReason = ChatCompletionChunk.Choice["finish_reason"];

/** How many pieces each call's `arguments` string is split into. */
const ARGUMENT_PIECES = 3;

/** One `chat.completion.chunk` as OpenAI sends it. */
export function chunk(delta: Delta, finishReason: FinishReason = null): ChatCompletionChunk {
  return {
    id: "chatcmpl-upstream",
    object: "chat.completion.chunk",
    created: 1_756_272_472,
    model: "gpt-test",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

function usageChunk(usage: CompletionUsage): ChatCompletionChunk {
  return { ...chunk({}), choices: [], usage };
}

function splitInto(text: string, pieces: number): string[] {
  const size = Math.ceil(text.length / pieces);
  return Array.from({ length: pieces }, (_, index) =>
    text.slice(index * size, (index + 1) * size),
  ).filter((piece) => piece !== "");
}

function toolCallChunks(calls: readonly ScriptedCall[]): ChatCompletionChunk[] {
  const heads = calls.map((call, index) =>
    chunk({
      tool_calls: [
        { index, id: call.id, type: "function", function: { name: call.name, arguments: "" } },
      ],
    }),
  );
  const pieces = calls.map((call) => splitInto(JSON.stringify(call.arguments), ARGUMENT_PIECES));
  const bodies = Array.from({ length: ARGUMENT_PIECES }, (_, round) =>
    pieces.flatMap((callPieces, index) => {
      const piece = callPieces[round];
      return piece === undefined
        ? []
        : [chunk({ tool_calls: [{ index, function: { arguments: piece } }] })];
    }),
  ).flat();
  return [...heads, ...bodies];
}

/**
 * The chunks of one assistant turn in the real wire order: role, content deltas, tool-call
 * deltas, the `finish_reason` chunk, then the usage chunk.
 */
export function turnChunks(turn: ScriptedTurn): ChatCompletionChunk[] {
  const calls = turn.calls ?? [];
  const words = turn.text?.match(/\S+\s*/g) ?? [];
  return [
    chunk({ role: "assistant", content: "" }),
    ...words.map((word) => chunk({ content: word })),
    ...toolCallChunks(calls),
    chunk({}, calls.length > 0 ? "tool_calls" : "stop"),
    ...(turn.usage ? [usageChunk(turn.usage)] : []),
  ];
}
