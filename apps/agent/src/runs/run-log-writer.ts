import type { Logger } from "@inquiry-hub/logging";
import type { Usage } from "@inquiry-hub/protocol";
import type { AgentError } from "../errors/agent-error";
import { DONE_DATA, completionChunks } from "../loop/completion-chunk";
import type { CompletionIdentity } from "../loop/completion-chunk";
import type { RunStore } from "./ports";

/** Appends one run's chunks to its log, in order, however fast the loop produces them. */
export interface RunLogWriter {
  start(): void;
  content(text: string): void;
  notification(notificationJson: string): void;
  /** Waits until everything written so far is in the log. */
  flush(): Promise<void>;
  /** The id of the newest event appended (or the one it started after); exact after `flush`. */
  lastId(): number;
}

/**
 * The background counterpart of the request-bound chunk writer: the same chunk JSON, appended
 * to the run's log instead of written to a socket, so any listener (the POST that started the
 * run, a re-attach, a resumed run on another node) reads one ordered stream. Appends are
 * chained so they land in call order; a failed append is logged and the chain goes on.
 * `startAfter` is the log's newest id when a resumed run's writer opens.
 */
export function createRunLogWriter(
  store: RunStore,
  identity: CompletionIdentity,
  logger: Logger,
  startAfter = 0,
): RunLogWriter {
  const chunks = completionChunks(identity);
  let tail = Promise.resolve();
  let last = startAfter;
  const push = (data: string): void => {
    tail = tail
      .then(() => store.append(identity.runId, data))
      .then(
        (id) => {
          last = id;
        },
        (error: unknown) =>
          logger.error({ err: error, runId: identity.runId }, "run log append failed"),
      );
  };
  return {
    start: () => push(chunks.start()),
    content: (text) => push(chunks.content(text)),
    notification: (json) => push(chunks.notification(json)),
    flush: () => tail,
    lastId: () => last,
  };
}

/** The closing events of a run: the stop chunk or the error event, then `[DONE]`. */
export function closingEvents(
  identity: CompletionIdentity,
  ending: { usage: Usage | undefined } | { error: AgentError },
): string[] {
  const chunks = completionChunks(identity);
  const last = "error" in ending ? chunks.failure(ending.error) : chunks.stop(ending.usage);
  return [last, DONE_DATA];
}
