import { EventEmitter } from "node:events";
import type { RunStatus } from "@inquiry-hub/protocol";
import type { RunCheckpoint, RunEvent, RunRecord, RunStore } from "../runs/ports";

/** How long a finished run and its log stay readable unless the caller says otherwise: one hour. */
const DEFAULT_RUN_LOG_TTL_MS = 60 * 60 * 1000;

interface StoredRun {
  record: RunRecord;
  events: RunEvent[];
  lease?: { nodeId: string; expiresAt: number };
  expiresAt?: number;
}

/** Options of the in-memory store; `now` lets tests move the clock without waiting. */
export interface MemoryRunStoreOptions {
  ttlMs?: number;
  now?: () => number;
}

/**
 * A RunStore in one process's memory: for tests and for several agent servers inside one
 * process (they share the object, as nodes share Redis). Nothing survives the process.
 * Records are cloned in and out, so a caller never mutates what another node reads.
 */
export function createMemoryRunStore(options: MemoryRunStoreOptions = {}): RunStore {
  const ttlMs = options.ttlMs ?? DEFAULT_RUN_LOG_TTL_MS;
  const now = options.now ?? Date.now;
  const runs = new Map<string, StoredRun>();
  const appended = new EventEmitter();
  const cancels = new EventEmitter();
  appended.setMaxListeners(0);
  cancels.setMaxListeners(0);

  const live = (runId: string): StoredRun | undefined => {
    const run = runs.get(runId);
    if (run?.expiresAt !== undefined && run.expiresAt <= now()) {
      runs.delete(runId);
      return undefined;
    }
    return run;
  };

  const subscribe = <T>(
    emitter: EventEmitter,
    event: string,
    listener: (value: T) => void,
  ): (() => Promise<void>) => {
    emitter.on(event, listener);
    return () => {
      emitter.off(event, listener);
      return Promise.resolve();
    };
  };

  return {
    create(run) {
      if (live(run.id)) return Promise.reject(new Error(`run ${run.id} already exists`));
      runs.set(run.id, { record: structuredClone(run), events: [] });
      return Promise.resolve();
    },
    get(runId) {
      const run = live(runId);
      return Promise.resolve(run ? structuredClone(run.record) : undefined);
    },
    saveCheckpoint(runId, checkpoint: RunCheckpoint) {
      const run = live(runId);
      if (run?.record.status === "running") run.record.checkpoint = structuredClone(checkpoint);
      return Promise.resolve();
    },
    finish(runId, status: Exclude<RunStatus, "running">, finishedAt) {
      const run = live(runId);
      if (!run || run.record.status !== "running") return Promise.resolve(false);
      run.record.status = status;
      run.record.finishedAt = finishedAt;
      run.expiresAt = now() + ttlMs;
      delete run.lease;
      return Promise.resolve(true);
    },
    append(runId, data) {
      const run = live(runId);
      if (!run) return Promise.reject(new Error(`run ${runId} not found`));
      const id = run.events.length + 1;
      run.events.push({ id, data });
      appended.emit(runId, id);
      return Promise.resolve(id);
    },
    read(runId, afterId, limit) {
      const events = live(runId)?.events ?? [];
      return Promise.resolve(events.filter((event) => event.id > afterId).slice(0, limit));
    },
    watch(runId, listener) {
      return Promise.resolve(subscribe(appended, runId, listener));
    },
    requestCancel(runId) {
      cancels.emit("cancel", runId);
      return Promise.resolve();
    },
    onCancelRequested(listener) {
      return Promise.resolve(subscribe(cancels, "cancel", listener));
    },
    listRunning() {
      const ids = [...runs.keys()].filter((id) => live(id)?.record.status === "running");
      return Promise.resolve(ids);
    },
    claim(runId, nodeId, leaseMs) {
      const run = live(runId);
      if (!run || run.record.status !== "running") return Promise.resolve(false);
      const held = run.lease && run.lease.nodeId !== nodeId && run.lease.expiresAt > now();
      if (held) return Promise.resolve(false);
      run.lease = { nodeId, expiresAt: now() + leaseMs };
      return Promise.resolve(true);
    },
    release(runId, nodeId) {
      const run = live(runId);
      if (run?.lease?.nodeId === nodeId) delete run.lease;
      return Promise.resolve();
    },
    close() {
      appended.removeAllListeners();
      cancels.removeAllListeners();
      return Promise.resolve();
    },
  };
}
