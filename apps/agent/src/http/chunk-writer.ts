import type { Response } from "express";

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
  role(): void;
  content(text: string): void;
  /** Forwards an MCP notification as its JSON string, one chunk per notification. */
  notification(notificationJson: string): void;
  finish(): void;
  /** Reports a failure after headers were sent, then ends the stream with `[DONE]`. */
  fail(message: string): void;
}

/**
 * Starts an SSE response and returns a writer for it. Writes after the client went away
 * are dropped silently: the run is being aborted anyway.
 */
export function startChunkStream(res: Response, identity: CompletionIdentity): ChunkWriter {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  res.setHeader("Connection", "keep-alive");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();

  const writeData = (data: string): void => {
    if (!res.writableEnded && !res.destroyed) res.write(`data: ${data}\n\n`);
  };
  const writeChunk = (delta: Record<string, unknown>, finishReason: string | null): void => {
    writeData(
      JSON.stringify({
        id: identity.id,
        object: "chat.completion.chunk",
        created: identity.created,
        model: identity.model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        agent_info: { name: AGENT_NAME, run_id: identity.runId },
      }),
    );
  };
  const end = (): void => {
    writeData("[DONE]");
    if (!res.writableEnded) res.end();
  };

  return {
    role: () => writeChunk({ role: "assistant", content: "" }, null),
    content: (text) => writeChunk({ content: text }, null),
    notification: (notificationJson) =>
      writeChunk(
        { chatos_additional_data: { mcp_progress_notification_data: notificationJson } },
        null,
      ),
    finish: () => {
      writeChunk({}, "stop");
      end();
    },
    fail: (message) => {
      writeData(JSON.stringify({ error: { message, type: "api_error", code: null } }));
      end();
    },
  };
}
