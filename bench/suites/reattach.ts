import { startRedisServer } from "@inquiry-hub/test-kit";
import {
  awaitRunDone,
  cancelRun,
  mintRunToken,
  readRunInfo,
  startWaitingRun,
} from "../lib/agent-runs-client";
import type { WaitingRun } from "../lib/agent-runs-client";
import { startAgentStack } from "../lib/agent-stack";
import type { AgentRunStore, AgentStack } from "../lib/agent-stack";
import { answerOverHttp, createBenchUser } from "../lib/hub-client";
import type { BenchUser } from "../lib/hub-client";
import { percentiles } from "../lib/stats";
import type { Percentiles } from "../lib/stats";
import { sampleReattach } from "./reattach-samples";
import type { ReattachTarget } from "./reattach-samples";

/** Runs per person: a person has a few chats going, and the hub caps sessions per user. */
const RUNS_PER_USER = 4;
/** How long an answered run may take to reach `[DONE]` before it is stopped instead. */
const FINISH_TIMEOUT_MS = 15_000;
/** The bench mints a credential per run, far past a person's pace. */
const HUB_ENV = { HUB_RATE_LIMIT_AGENT_CREDENTIALS_PER_MINUTE: "1000000" };

/** One row: re-attach latencies against one run store and node count. */
export interface ReattachRow {
  store: AgentRunStore["kind"];
  agentNodes: number;
  /** Background runs waiting on their question while sampled. */
  runs: number;
  /** Events in the waiting runs' logs after sampling (opening chunks, INQUIRY chunk, …). */
  logEvents: { min: number; max: number };
  fullReplay: Percentiles;
  liveTail: Percentiles;
}

/** A row that could not run here (no redis-server, …), with the reason. */
export interface ReattachSkipped {
  store: AgentRunStore["kind"];
  agentNodes: number;
  notMeasured: string;
}

export interface ReattachResult {
  rows: (ReattachRow | ReattachSkipped)[];
}

/**
 * Answers every run's question and waits for its `[DONE]`; a run that did not end in time is
 * stopped. Never throws (it runs in `finally`): a failure is logged, so the first error stands.
 */
async function settleRuns(
  stack: AgentStack,
  runs: WaitingRun[],
  ownerOf: (index: number) => BenchUser,
): Promise<void> {
  const agentUrl = stack.agents[0]!.url;
  await Promise.all(
    runs.map(async (run, index) => {
      const token = ownerOf(index).tokens[0]!;
      try {
        await answerOverHttp(stack.hub.url, token, run.inquiryId);
        if (await awaitRunDone(agentUrl, run.runId, token, run.inquiryEventId, FINISH_TIMEOUT_MS))
          return;
      } catch (error) {
        console.error(`reattach: run ${run.runId} not answered: ${String(error)}`);
      }
      await cancelRun(agentUrl, run.runId, token).catch((error: unknown) =>
        console.error(`reattach: run ${run.runId} not stopped: ${String(error)}`),
      );
    }),
  );
}

/**
 * Every run must still be waiting after sampling, or the samples re-attached to something
 * else. Returns each log's newest event id, i.e. how many events a full replay had to offer.
 */
async function assertStillWaiting(targets: ReattachTarget[]): Promise<number[]> {
  const lastIds: number[] = [];
  for (const target of targets) {
    const info = await readRunInfo(target.agentUrl, target.runId, target.deviceToken);
    if (info.status !== "running")
      throw new Error(`run ${target.runId} stopped waiting while sampled (${info.status})`);
    lastIds.push(info.last_event_id);
  }
  return lastIds;
}

/**
 * Starts `runCount` waiting runs, round-robin over the agent nodes, and samples re-attaches to
 * the next node (the same one with a single node). Answers every run before returning.
 */
async function measureStack(
  stack: AgentStack,
  store: AgentRunStore["kind"],
  runCount: number,
  samples: number,
): Promise<ReattachRow> {
  const nodes = stack.agents.length;
  const owners: BenchUser[] = [];
  const ownerOf = (index: number): BenchUser => owners[Math.floor(index / RUNS_PER_USER)]!;
  const runs: WaitingRun[] = [];
  try {
    for (let index = 0; index < runCount; index += 1) {
      if (index % RUNS_PER_USER === 0) owners.push(await createBenchUser(stack.hub.url, 1));
      const runToken = await mintRunToken(stack.hub.url, ownerOf(index).tokens[0]!);
      runs.push(await startWaitingRun(stack.agents[index % nodes]!.url, runToken));
    }
    const targets: ReattachTarget[] = runs.map((run, index) => ({
      runId: run.runId,
      agentUrl: stack.agents[(index + 1) % nodes]!.url,
      deviceToken: ownerOf(index).tokens[0]!,
    }));
    const measured = await sampleReattach(targets, samples);
    const logSizes = await assertStillWaiting(targets);
    return {
      store,
      agentNodes: nodes,
      runs: runs.length,
      logEvents: { min: Math.min(...logSizes), max: Math.max(...logSizes) },
      fullReplay: percentiles(measured.fullReplay),
      liveTail: percentiles(measured.liveTail),
    };
  } finally {
    await settleRuns(stack, runs, ownerOf);
  }
}

async function withStack<T>(
  nodes: number,
  store: AgentRunStore,
  work: (stack: AgentStack) => Promise<T>,
): Promise<T> {
  const stack = await startAgentStack({ agentNodes: nodes, store, hubEnv: HUB_ENV });
  try {
    return await work(stack);
  } finally {
    await stack.stop();
  }
}

async function redisRow(runCount: number, samples: number): Promise<ReattachRow | ReattachSkipped> {
  const skipped = (reason: string): ReattachSkipped => ({
    store: "redis",
    agentNodes: 2,
    notMeasured: reason,
  });
  const redis = await startRedisServer().catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
  if (redis instanceof Error) return skipped(`redis-server did not start: ${redis.message}`);
  try {
    return await withStack(2, { kind: "redis", url: redis.url }, (stack) =>
      measureStack(stack, "redis", runCount, samples),
    );
  } finally {
    await redis.stop();
  }
}

/**
 * Re-attach time of background runs (issue 17): the built hub, demo-tools and agent(s) as
 * `npm start` runs them; `runCount` demo runs each held by its unanswered question; then, per
 * sample, `GET /v1/runs/:id/events` with `Last-Event-ID: 0` (whole log replayed: time to the
 * first event) and with the newest id (nothing to replay: time to the headers, sent once the
 * live listener is attached: the stream sends no heartbeat of its own, and the hub's inquiry
 * heartbeats reach the log only every 10 s, so timing one would time that period). Rows: one agent
 * on the embedded LMDB store, and two agents on Redis re-attached at the node that did not
 * start the run.
 */
export async function runReattach(runCount: number, samples: number): Promise<ReattachResult> {
  const embedded = await withStack(1, { kind: "embedded" }, (stack) =>
    measureStack(stack, "embedded", runCount, samples),
  );
  return { rows: [embedded, await redisRow(runCount, samples)] };
}
