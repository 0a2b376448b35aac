import type { Usage } from "@inquiry-hub/protocol";
import type { Response } from "express";
import type { AgentError } from "../errors/agent-error";
import { DONE_DATA, completionChunks } from "../loop/completion-chunk";
import type { CompletionIdentity } from "../loop/completion-chunk";
import { startSse, writeSseEvent } from "./sse-response";

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

/**
 * Returns a writer for an SSE response that starts lazily: headers and the `role` chunk go
 * out with the first real chunk. Until then a failure (say the upstream model's 429) can
 * still be a plain HTTP error, which every client understands. Writes after the client
 * went away are dropped silently: the run is being aborted anyway.
 */
export function createChunkWriter(res: Response, identity: CompletionIdentity): ChunkWriter {
  let started = false;
  const writeData = (data: string): void => writeSseEvent(res, data);
  const chunks = completionChunks(identity);
  const ensureStarted = (): void => {
    if (started) return;
    started = true;
    startSse(res);
    writeData(chunks.start());
  };
  const end = (): void => {
    writeData(DONE_DATA);
    if (!res.writableEnded) res.end();
  };

  return {
    get started() {
      return started;
    },
    content: (text) => {
      ensureStarted();
      writeData(chunks.content(text));
    },
    notification: (notificationJson) => {
      ensureStarted();
      writeData(chunks.notification(notificationJson));
    },
    finish: (usage) => {
      ensureStarted();
      writeData(chunks.stop(usage));
      end();
    },
    fail: (error) => {
      ensureStarted();
      writeData(chunks.failure(error));
      end();
    },
  };
}
