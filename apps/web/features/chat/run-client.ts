import { RunInfoSchema } from "@inquiry-hub/protocol";
import type { RunInfo } from "@inquiry-hub/protocol";
import { requestJson, requestStream } from "@/lib/client/api-client";

function runPath(runId: string): string {
  return `/api/runs/${encodeURIComponent(runId)}`;
}

/**
 * Opens a run's event stream: the events after `lastEventId` (all of them when undefined),
 * then live until `[DONE]`. Throws ApiClientError (404 once the run is unknown).
 */
export function openRunEvents(
  runId: string,
  lastEventId: number | undefined,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  return requestStream(`${runPath(runId)}/events`, {
    accept: "text/event-stream",
    ...(lastEventId === undefined ? {} : { lastEventId }),
    signal,
  });
}

/** Stop: cancels the run; the agent records the turn as cancelled. */
export function cancelRun(runId: string): Promise<RunInfo> {
  return requestJson(`${runPath(runId)}/cancel`, RunInfoSchema, { method: "POST" });
}
