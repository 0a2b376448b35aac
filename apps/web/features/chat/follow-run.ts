import { ApiClientError } from "@/lib/client/api-client-error";
import type { ChatAction } from "./chat-state";
import { reattachDelay } from "./reattach-backoff";
import { readNumberedAgentStream } from "./read-agent-stream";

/** Why following a run stopped. */
export type FollowOutcome =
  /** The stream said `[DONE]`. */
  | { kind: "done" }
  /** The conversation already holds the turn's final reply: nothing left to follow. */
  | { kind: "over" }
  /** The stream cannot be had again: no run to re-attach to, or the server refused it. */
  | { kind: "lost"; error: unknown }
  /** The page stopped following (left the conversation, or Stop on a request-bound run). */
  | { kind: "aborted" };

export interface FollowRunDeps {
  dispatch: (action: ChatAction) => void;
  /** Opens the run's events after `lastEventId` (from the start when undefined). */
  open: (runId: string, lastEventId: number | undefined) => Promise<ReadableStream<Uint8Array>>;
  /** Whether the conversation already has the turn's final reply. */
  isOver: () => boolean;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  signal: AbortSignal;
  random?: () => number;
}

/** A refusal a retry cannot change (the run is unknown, the session ended); not a dropped line. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiClientError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * Reads a run's events into the chat until `[DONE]`, re-attaching whenever the stream drops
 * (network, server restart) with the last event id seen, after a bounded backoff, until the
 * run is done, the conversation holds its final reply, or the server refuses. `first` is the
 * stream already open (the POST's answer); without it the run is opened from the start, and
 * the replay rebuilds its reply. Without `runId` (no run API) a drop is final.
 */
export async function followRun(
  first: ReadableStream<Uint8Array> | undefined,
  runId: string | undefined,
  deps: FollowRunDeps,
): Promise<FollowOutcome> {
  let body = first;
  let lastEventId: number | undefined;
  let attempt = 0;
  let lastError: unknown;
  for (;;) {
    if (body === undefined && runId !== undefined) {
      try {
        body = await deps.open(runId, lastEventId);
        if (attempt > 0) deps.dispatch({ type: "reattached" });
      } catch (error) {
        if (deps.signal.aborted) return { kind: "aborted" };
        if (isRefusal(error)) return { kind: "lost", error };
        lastError = error;
      }
    }
    if (body !== undefined) {
      try {
        for await (const { id, event } of readNumberedAgentStream(body)) {
          deps.dispatch({ type: "stream_event", event, eventId: id });
          if (id !== undefined) lastEventId = Math.max(id, lastEventId ?? 0);
          attempt = 0;
          if (event.type === "done") return { kind: "done" };
        }
      } catch (error) {
        lastError = error;
      }
      if (deps.signal.aborted) return { kind: "aborted" };
      body = undefined;
    }
    if (runId === undefined) return { kind: "lost", error: lastError };
    if (deps.isOver()) return { kind: "over" };
    deps.dispatch({ type: "detached" });
    await deps.sleep(reattachDelay(attempt, deps.random), deps.signal);
    attempt += 1;
    if (deps.signal.aborted) return { kind: "aborted" };
  }
}

/** `setTimeout` as a promise that an abort ends early. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
