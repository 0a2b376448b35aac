import { performance } from "node:perf_hooks";
import { readRunInfo } from "../lib/agent-runs-client";
import { readRunEvents } from "../lib/sse-events";

/** Bound on one re-attach: far above any sample, it only keeps a hung node from hanging the bench. */
const SAMPLE_TIMEOUT_MS = 10_000;

/** A waiting run and where a client re-attaches to it, with the person's own token. */
export interface ReattachTarget {
  runId: string;
  /** The agent node the re-attach goes to (with two nodes: not the one running the run). */
  agentUrl: URL;
  /** A device token of the run's owner: the hub resolves it to the same user. */
  deviceToken: string;
}

/** Re-attach latencies in ms, one array per kind. */
export interface ReattachSamples {
  /** `Last-Event-ID: 0` sent → first replayed event parsed from the body. */
  fullReplay: number[];
  /** `Last-Event-ID: <newest>` sent → response headers (the live listener is then attached). */
  liveTail: number[];
}

/** Sends one re-attach and returns ms until `arrived` resolved; always drops the stream. */
async function timeReattach(
  target: ReattachTarget,
  lastEventId: number,
  arrived: (response: Response) => Promise<void>,
): Promise<number> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SAMPLE_TIMEOUT_MS);
  try {
    const sentAt = performance.now();
    const response = await fetch(new URL(`/v1/runs/${target.runId}/events`, target.agentUrl), {
      headers: {
        authorization: `Bearer ${target.deviceToken}`,
        "last-event-id": String(lastEventId),
      },
      signal: controller.signal,
    });
    if (response.status !== 200) throw new Error(`re-attach ${target.runId}: ${response.status}`);
    await arrived(response);
    return performance.now() - sentAt;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The first replayed event must be the log's first (id 1); anything else is a wrong replay. */
async function firstReplayedEvent(response: Response): Promise<void> {
  if (response.body === null) throw new Error("re-attach without a body");
  for await (const event of readRunEvents(response.body)) {
    if (event.id !== 1) throw new Error(`replay started at event ${event.id}, not 1`);
    return;
  }
  throw new Error("re-attach ended before replaying anything");
}

async function headersOnly(response: Response): Promise<void> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream"))
    throw new Error("re-attach answered without an event stream");
  return Promise.resolve();
}

/** One full replay and one live-tail re-attach of `target`; the newest id is read untimed. */
async function samplePair(target: ReattachTarget): Promise<[number, number]> {
  const full = await timeReattach(target, 0, firstReplayedEvent);
  const info = await readRunInfo(target.agentUrl, target.runId, target.deviceToken);
  const tail = await timeReattach(target, info.last_event_id, headersOnly);
  return [full, tail];
}

/**
 * `samples` re-attaches of each kind, one at a time (latency, not load), cycling over the
 * targets and alternating the kinds so drifting load hits both alike. One untimed pass over
 * every target first: a client re-attaches to a node that has been serving, not a cold one.
 */
export async function sampleReattach(
  targets: ReattachTarget[],
  samples: number,
): Promise<ReattachSamples> {
  for (const target of targets) await samplePair(target);
  const result: ReattachSamples = { fullReplay: [], liveTail: [] };
  for (let index = 0; index < samples; index += 1) {
    const [full, tail] = await samplePair(targets[index % targets.length]!);
    result.fullReplay.push(full);
    result.liveTail.push(tail);
  }
  return result;
}
