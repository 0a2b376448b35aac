import type { Usage } from "@inquiry-hub/protocol";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ChatMessage, ModelEvent, ModelProvider, ModelRequest } from "../loop/model-provider";
import { createToolCallAssembler } from "./tool-call-assembler";
import type { ToolCallAssembler } from "./tool-call-assembler";
import { UpstreamChunkSchema } from "./upstream-chunk";
import { UpstreamModelError, toUpstreamModelError } from "./upstream-error";

/** Where and how to reach an OpenAI-compatible chat completions API. */
export interface OpenAiProviderConfig {
  /** API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1` (Ollama). */
  baseURL: string;
  apiKey: string;
  /** The upstream model name; also the id `GET /v1/models` lists and requests select. */
  model: string;
  /**
   * Retries of the `openai` client (429, 5xx, connection errors, with backoff). They only
   * happen before the response starts streaming, so nothing reaches the chat client twice.
   */
  maxRetries: number;
}

/** What one streamed turn has told us so far, besides content (which is passed on at once). */
interface TurnState {
  calls: ToolCallAssembler;
  finishReason: string | undefined;
  usage: Usage | undefined;
}

/**
 * The history in the API's shape. `developer` goes out as `system`: OpenAI treats the two
 * alike, and many compatible servers (vLLM, Ollama) only know `system`.
 */
function toOpenAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case "developer":
      return { role: "system", content: message.content };
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "assistant":
      return message.tool_calls
        ? { role: "assistant", content: message.content, tool_calls: message.tool_calls }
        : { role: "assistant", content: message.content };
    case "tool":
      return { role: "tool", tool_call_id: message.tool_call_id, content: message.content };
  }
}

/** Records one chunk in `turn` and returns its content delta, if any. */
function readChunk(raw: unknown, turn: TurnState, model: string): string | undefined {
  const parsed = UpstreamChunkSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UpstreamModelError(
      "upstream_bad_response",
      `upstream model "${model}": malformed chunk (${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"})`,
    );
  }
  if (parsed.data.usage) {
    const { prompt_tokens, completion_tokens, total_tokens } = parsed.data.usage;
    turn.usage = { prompt_tokens, completion_tokens, total_tokens };
  }
  const choice = parsed.data.choices?.find((candidate) => (candidate.index ?? 0) === 0);
  if (!choice) return undefined;
  if (choice.delta?.tool_calls) turn.calls.add(choice.delta.tool_calls);
  turn.finishReason = choice.finish_reason ?? turn.finishReason;
  return choice.delta?.content || undefined;
}

/**
 * The events that close a turn: its usage, then its tool calls. A turn must have ended with
 * a `finish_reason`; a stream that just stops was cut off, and `length` / `content_filter`
 * mean the answer is incomplete. Tool calls count whatever the finish reason says, because
 * some servers report `stop` for a turn with tool calls.
 */
function finishTurn(turn: TurnState, model: string): ModelEvent[] {
  const prefix = `upstream model "${model}"`;
  switch (turn.finishReason) {
    case undefined:
      throw new UpstreamModelError(
        "upstream_stream_broken",
        `${prefix}: the stream ended before the model finished its answer`,
      );
    case "length":
      throw new UpstreamModelError(
        "upstream_incomplete",
        `${prefix}: the answer was cut off at the output token limit (finish_reason "length")`,
      );
    case "content_filter":
      throw new UpstreamModelError(
        "upstream_incomplete",
        `${prefix}: the upstream's content filter stopped the answer`,
      );
  }
  let calls;
  try {
    calls = turn.calls.finish();
  } catch (error) {
    throw new UpstreamModelError(
      "upstream_bad_response",
      `${prefix}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const usage: ModelEvent[] = turn.usage ? [{ type: "usage", usage: turn.usage }] : [];
  return [...usage, ...calls.map((call): ModelEvent => ({ type: "tool_call", call }))];
}

/**
 * A model behind any OpenAI-compatible chat completions API (OpenAI, vLLM, Ollama,
 * DashScope, gateways), on the official `openai` client. Each turn is one streaming request
 * with `stream_options.include_usage`; content deltas are yielded as they arrive, tool calls
 * are assembled from their fragments and yielded when the turn ends. Failures are thrown as
 * {@link UpstreamModelError}; an abort of `signal` cancels the HTTP request upstream and
 * rethrows the abort reason.
 */
export function createOpenAiProvider(config: OpenAiProviderConfig): ModelProvider {
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    maxRetries: config.maxRetries,
  });
  const model = config.model;

  return {
    id: model,
    async *generate({ messages, tools, signal }: ModelRequest) {
      const failure = (error: unknown, phase: "request" | "stream"): unknown =>
        signal.aborted ? signal.reason : toUpstreamModelError(error, model, phase);
      let stream;
      try {
        stream = await client.chat.completions.create(
          {
            model,
            stream: true,
            stream_options: { include_usage: true },
            messages: messages.map(toOpenAiMessage),
            ...(tools.length > 0 ? { tools: [...tools] } : {}),
          },
          { signal },
        );
      } catch (error) {
        throw failure(error, "request");
      }
      const turn: TurnState = {
        calls: createToolCallAssembler(),
        finishReason: undefined,
        usage: undefined,
      };
      try {
        for await (const chunk of stream) {
          const content = readChunk(chunk, turn, model);
          if (content !== undefined) yield { type: "content", text: content };
        }
      } catch (error) {
        throw failure(error, "stream");
      }
      signal.throwIfAborted();
      yield* finishTurn(turn, model);
    },
  };
}
