import type { Response } from "express";
import type { RunStore } from "../runs/ports";
import { DONE_DATA } from "../loop/completion-chunk";
import { startSse, writeSseEvent } from "./sse-response";

/** Events written per read of the log. */
const PAGE = 200;
/** A listener re-reads at least this often, so a lost wake-up costs a moment, not the stream. */
const REREAD_MS = 15_000;

/**
 * Streams a run's log as SSE with `id:` lines: first the events after `afterId` (the replay),
 * then each new one as it is appended, until `[DONE]`; then the response ends. Closing the
 * response only stops this listener, never the run. Also ends when the run's log expired.
 */
export async function streamRunEvents(
  store: RunStore,
  runId: string,
  afterId: number,
  res: Response,
  headers: Record<string, string> = {},
): Promise<void> {
  let appended = false;
  let wake: () => void = () => undefined;
  const unwatch = await store.watch(runId, () => {
    appended = true;
    wake();
  });
  let closed = false;
  res.on("close", () => {
    closed = true;
    wake();
  });
  startSse(res, headers);
  let last = afterId;
  try {
    while (!closed) {
      appended = false;
      const events = await store.read(runId, last, PAGE);
      for (const event of events) {
        writeSseEvent(res, event.data, event.id);
        last = event.id;
        if (event.data === DONE_DATA) return;
      }
      if (events.length === PAGE || appended) continue;
      if (events.length === 0 && !(await store.get(runId))) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, REREAD_MS);
        if (appended || closed) resolve();
      });
      clearTimeout(timer);
    }
  } finally {
    await unwatch();
    if (!res.writableEnded) res.end();
  }
}
