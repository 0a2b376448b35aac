import type { EventEmitter } from "node:events";
import type { Logger } from "@inquiry-hub/logging";
import { z } from "zod";
import type { RunStore } from "../../runs/ports";
import { acquireRunEnvironment } from "./lmdb-run-environment";
import { CorruptRunRecordError, RunRecordSchema } from "../run-record-schema";

/** A run as the `runs` table keeps it: the record plus what the store itself needs. */
const StoredRunSchema = z.object({
  record: RunRecordSchema,
  /** Id of the newest event of the log; the next append gets one more. */
  lastEventId: z.number().int().nonnegative(),
  lease: z.object({ nodeId: z.string(), expiresAtMs: z.number() }).optional(),
  /** Set by `finish`: when the sweep deletes the run and its log. */
  expiresAtMs: z.number().optional(),
});
type StoredRun = z.infer<typeof StoredRunSchema>;

/** Just the expiry of a stored run: the sweep deletes a due run even if the rest is corrupt. */
const ExpirySchema = StoredRunSchema.pick({ expiresAtMs: true });

function withoutLease(stored: StoredRun): StoredRun {
  const copy = { ...stored };
  delete copy.lease;
  return copy;
}

/** Runs a synchronous LMDB read so that a throw (a corrupt record) rejects instead. */
function settle<T>(read: () => T): Promise<T> {
  return new Promise((resolve) => resolve(read()));
}

/** Most runs one sweep deletes, so a sweep never holds the write lock for long. */
const SWEEP_BATCH = 100;

/** Options of the embedded store. */
export interface LmdbRunStoreOptions {
  /** The data folder (AGENT_DATA_DIR); created when missing. */
  dir: string;
  /** How long a finished run and its log stay readable. */
  ttlMs: number;
  /** How often expired runs are deleted; default the TTL, between 1 s and 1 min. */
  sweepIntervalMs?: number;
  /** Where a failed sweep is reported. */
  logger: Logger;
}

/** The embedded store also lets its owner (and tests) run the TTL sweep now. */
export interface LmdbRunStore extends RunStore {
  /** Deletes up to one batch of runs whose TTL ran out; returns how many. */
  sweepExpired(): Promise<number>;
}

/**
 * The RunStore of one agent process (`npm start`): records and logs in LMDB under the data
 * folder, so runs survive a restart or a `kill -9` (a commit is fsynced; a crash loses at most
 * the write in flight). Every change is one write transaction, which LMDB serialises: event ids
 * come from the run's counter in the transaction of the append, so they are 1, 2, 3 without
 * gaps however many appends race. `watch` and cancel requests are in-process (one agent per
 * folder, enforced at open). Expired runs read as absent at once and are deleted by a bounded
 * periodic sweep.
 */
export function createLmdbRunStore(options: LmdbRunStoreOptions): LmdbRunStore {
  const { ttlMs } = options;
  const environment = acquireRunEnvironment(options.dir);
  const { root, runs, events, running, expiry } = environment.tables;
  const { appended, cancels } = environment.signals;
  const unsubscribes = new Set<() => void>();

  /** The stored run, expired or not. */
  function loadAny(runId: string): StoredRun | undefined {
    const value = runs.get(runId);
    if (value === undefined) return undefined;
    const parsed = StoredRunSchema.safeParse(value);
    if (!parsed.success) throw new CorruptRunRecordError(runId, z.prettifyError(parsed.error));
    return parsed.data;
  }

  /** The stored run unless its TTL ran out (the sweep may not have deleted it yet). */
  function load(runId: string): StoredRun | undefined {
    const stored = loadAny(runId);
    return stored?.expiresAtMs !== undefined && stored.expiresAtMs <= Date.now()
      ? undefined
      : stored;
  }

  function deleteRun(runId: string): void {
    for (const key of events.getKeys({ start: [runId, 0], end: [runId, Infinity] })) {
      events.removeSync(key);
    }
    running.removeSync(runId);
    runs.removeSync(runId);
  }

  function listen<T>(emitter: EventEmitter, event: string, listener: (value: T) => void) {
    emitter.on(event, listener);
    const unsubscribe = (): void => {
      emitter.off(event, listener);
      unsubscribes.delete(unsubscribe);
    };
    unsubscribes.add(unsubscribe);
    return () => Promise.resolve(unsubscribe());
  }

  async function sweepExpired(): Promise<number> {
    return root.transaction(() => {
      let deleted = 0;
      const due = expiry.getKeys({ end: [Date.now(), "\uffff"], limit: SWEEP_BATCH });
      for (const key of due) {
        expiry.removeSync(key);
        // A run re-created under the same id after it expired has its own (later) expiry.
        const current = ExpirySchema.safeParse(runs.get(key[1]));
        if (current.success && current.data.expiresAtMs !== key[0]) continue;
        deleteRun(key[1]);
        deleted += 1;
      }
      return deleted;
    });
  }

  const sweepIntervalMs = options.sweepIntervalMs ?? Math.min(Math.max(ttlMs, 1_000), 60_000);
  const sweeper = setInterval(() => {
    sweepExpired().catch((error: unknown) =>
      options.logger.warn({ err: error }, "could not delete expired runs"),
    );
  }, sweepIntervalMs);
  sweeper.unref();

  return {
    async create(run) {
      const created = await root.transaction(() => {
        if (load(run.id) !== undefined) return false;
        deleteRun(run.id);
        runs.putSync(run.id, { record: run, lastEventId: 0 } satisfies StoredRun);
        if (run.status === "running") running.putSync(run.id, true);
        return true;
      });
      if (!created) throw new Error(`run ${run.id} already exists`);
    },
    get(runId) {
      return settle(() => load(runId)?.record);
    },
    async saveCheckpoint(runId, checkpoint) {
      await root.transaction(() => {
        const stored = load(runId);
        if (stored?.record.status !== "running") return;
        runs.putSync(runId, { ...stored, record: { ...stored.record, checkpoint } });
      });
    },
    finish(runId, status, finishedAt) {
      return root.transaction(() => {
        const stored = load(runId);
        if (stored?.record.status !== "running") return false;
        const expiresAtMs = Date.now() + ttlMs;
        runs.putSync(runId, {
          ...withoutLease(stored),
          record: { ...stored.record, status, finishedAt },
          expiresAtMs,
        });
        running.removeSync(runId);
        expiry.putSync([expiresAtMs, runId], true);
        return true;
      });
    },
    async append(runId, data) {
      const id = await root.transaction(() => {
        const stored = load(runId);
        if (stored === undefined) return undefined;
        const next = stored.lastEventId + 1;
        runs.putSync(runId, { ...stored, lastEventId: next });
        events.putSync([runId, next], data);
        return next;
      });
      if (id === undefined) throw new Error(`run ${runId} not found`);
      appended.emit(runId, id);
      return id;
    },
    read(runId, afterId, limit) {
      return settle(() => {
        if (load(runId) === undefined) return [];
        const range = events.getRange({
          start: [runId, Math.floor(afterId) + 1],
          end: [runId, Infinity],
          limit,
        });
        return Array.from(range, ({ key, value }) => ({ id: key[1], data: value }));
      });
    },
    watch(runId, listener) {
      return Promise.resolve(listen(appended, runId, listener));
    },
    requestCancel(runId) {
      cancels.emit("cancel", runId);
      return Promise.resolve();
    },
    onCancelRequested(listener) {
      return Promise.resolve(listen(cancels, "cancel", listener));
    },
    listRunning() {
      return Promise.resolve([...running.getKeys()]);
    },
    claim(runId, nodeId, leaseMs) {
      return root.transaction(() => {
        const stored = load(runId);
        if (stored?.record.status !== "running") return false;
        const { lease } = stored;
        if (lease && lease.nodeId !== nodeId && lease.expiresAtMs > Date.now()) return false;
        runs.putSync(runId, { ...stored, lease: { nodeId, expiresAtMs: Date.now() + leaseMs } });
        return true;
      });
    },
    async release(runId, nodeId) {
      await root.transaction(() => {
        const stored = load(runId);
        if (stored?.lease?.nodeId !== nodeId) return;
        runs.putSync(runId, withoutLease(stored));
      });
    },
    sweepExpired,
    async close() {
      clearInterval(sweeper);
      for (const unsubscribe of [...unsubscribes]) unsubscribe();
      await environment.release();
    },
  };
}
