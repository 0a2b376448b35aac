import type { RunInfo } from "@inquiry-hub/protocol";
import type { RunRecord, RunStore } from "./ports";

/** Events read per page while looking for the newest id. */
const PAGE = 500;

/** The id of the newest event in a run's log (0 when empty), read page by page. */
export async function lastEventId(store: RunStore, runId: string): Promise<number> {
  let last = 0;
  for (;;) {
    const page = await store.read(runId, last, PAGE);
    const newest = page.at(-1);
    if (newest === undefined) return last;
    last = newest.id;
  }
}

/** A run as `GET /v1/runs/:id` shows it: never its bearer, owner or checkpoint. */
export async function toRunInfo(store: RunStore, run: RunRecord): Promise<RunInfo> {
  return {
    id: run.id,
    object: "run",
    status: run.status,
    model: run.model,
    created: run.created,
    last_event_id: await lastEventId(store, run.id),
    metadata: run.metadata,
  };
}
