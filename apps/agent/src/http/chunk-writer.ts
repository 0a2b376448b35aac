import type { Usage } from "@inquiry-hub/protocol";
import type { Response } from "express";
import type { AgentError } from "../errors/agent-error";
import { toStreamErrorEvent } from "./openai-error";

/** Identifies the run in every chunk (`id`, `model`, `agent_info`). */
export interface CompletionIdentity {
  /** `chatcmpl-<uuid>`. */
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
  runId: string;
}

/** The name this agent reports in `agent_info`. */
export const AGENT_NAME = "Inquiry Hub demo agent";

/** Writes one OpenAI streaming response as SSE `chat.completion.chunk` events. */
export interface ChunkWriter {
  /** Whether the 200 and the first chunk went out; from then on errors travel in the stream. */
  readonly started: boolean;
  content(text: string): void;
  /** Forwards an MCP notification as its JSON string, one chunk per notification. */
  notification(notificationJson: string): void;
  /** The closing chunk (`finish_reason: "stop"`, with `usage` when known), then `[DONE]`. */
  finish(usage: Usage | undefined): void;
  /** Reports a failure inside the stream, then ends it with `[DONE]`. */
  fail(error: AgentError): void;
}

function startSse(res: Response): void {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  res.setHeader("Connection", "keep-alive");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
}

/**
 * Returns a writer for an SSE response that starts lazily: headers and the `role` chunk go
 * out with the first real chunk. Until then a failure (say the upstream model's 429) can
 * still be a plain HTTP error, which every client understands. Writes after the client
 * went away are dropped silently: the run is being aborted anyway.
 */
export function createChunkWriter(res: Response, identity: CompletionIdentity): ChunkWriter {
  let started = false;
  const writeData = (data: string): void => {
    if (!res.writableEnded && !res.destroyed) res.write(`data: ${data}\n\n`);
  };
  const writeChunk = (
    delta: Record<string, unknown>,
    finishReason: string | null,
    usage?: Usage,
  ): void => {
    writeData(
      JSON.stringify({
        id: identity.id,
        object: "chat.completion.chunk",
        created: identity.created,
        model: identity.model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        ...(usage === undefined ? {} : { usage }),
        agent_info: { name: AGENT_NAME, run_id: identity.runId },
      }),
    );
  };
  const ensureStarted = (): void => {
    if (started) return;
    started = true;
    startSse(res);
    writeChunk({ role: "assistant", content: "" }, null);
  };
  const end = (): void => {
    writeData("[DONE]");
    if (!res.writableEnded) res.end();
  };

  return {
    get started() {
      return started;
    },
    content: (text) => {
      ensureStarted();
      writeChunk({ content: text }, null);
    },
    notification: (notificationJson) => {
      ensureStarted();
      writeChunk(
        { chatos_additional_data: { mcp_progress_notification_data: notificationJson } },
        null,
      );
    },
    finish: (usage) => {
      ensureStarted();
      writeChunk({}, "stop", usage);
      end();
    },
    fail: (error) => {
      ensureStarted();
      writeData(JSON.stringify(toStreamErrorEvent(error)));
      end();
    },
  };
}
