import { EventEmitter } from "node:events";
import path from "node:path";
import { ensurePrivateFolder, restrictToOwner } from "@inquiry-hub/logging";
import { open } from "lmdb";
import type { Database, Key, RootDatabase } from "lmdb";
import { lockDataDir } from "./data-dir-lock";

/**
 * The tables of the embedded run store, one LMDB environment per data folder:
 * - `runs`: run id → the stored run (record, last event id, lease, expiry);
 * - `run-events`: `[runId, eventId]` → the event's data, so a run's log is one key range;
 * - `run-running`: run id → true for runs not yet final (the resume sweep's list);
 * - `run-expiry`: `[expiresAtMs, runId]` → true, so the TTL sweep reads the due runs first.
 */
export interface RunTables {
  root: RootDatabase<unknown, Key>;
  runs: Database<unknown, string>;
  events: Database<string, [string, number]>;
  running: Database<true, string>;
  expiry: Database<true, [number, string]>;
}

/**
 * Appends and cancel requests as this process hears them. In-process only: one agent process
 * per data folder (see data-dir-lock.ts), so every store object on the folder shares these.
 */
export interface RunSignals {
  /** Event `runId`, argument the new event's id. */
  appended: EventEmitter;
  /** Event `cancel`, argument the run id. */
  cancels: EventEmitter;
}

interface SharedEnvironment {
  tables: RunTables;
  signals: RunSignals;
  users: number;
  unlock: () => void;
}

/** Environments this process has open, by resolved folder; store objects share them. */
const environments = new Map<string, SharedEnvironment>();

/** The folder 0700 and LMDB's files 0600: runs hold chats, tool results and credentials. */
function openEnvironment(dir: string): SharedEnvironment {
  ensurePrivateFolder(dir);
  const unlock = lockDataDir(dir);
  try {
    // noSubdir: false, or lmdb takes a folder name with a dot for a file name.
    const root = open<unknown, Key>({ path: dir, maxDbs: 8, noSubdir: false });
    restrictToOwner(dir);
    const appended = new EventEmitter().setMaxListeners(0);
    const cancels = new EventEmitter().setMaxListeners(0);
    return {
      tables: {
        root,
        runs: root.openDB<unknown, string>({ name: "runs" }),
        events: root.openDB<string, [string, number]>({ name: "run-events" }),
        running: root.openDB<true, string>({ name: "run-running" }),
        expiry: root.openDB<true, [number, string]>({ name: "run-expiry" }),
      },
      signals: { appended, cancels },
      users: 0,
      unlock,
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** One store object's hold on its folder's environment. */
export interface RunEnvironmentHandle {
  tables: RunTables;
  signals: RunSignals;
  /** Lets go; the last holder closes the environment and frees the folder. */
  release(): Promise<void>;
}

/**
 * Opens (or joins, when this process already has it open) the run environment in `dir`.
 * Throws when another live process uses the folder.
 */
export function acquireRunEnvironment(dir: string): RunEnvironmentHandle {
  const key = path.resolve(dir);
  let shared = environments.get(key);
  if (shared === undefined) {
    shared = openEnvironment(key);
    environments.set(key, shared);
  }
  shared.users += 1;
  const environment = shared;
  let released = false;
  return {
    tables: environment.tables,
    signals: environment.signals,
    async release() {
      if (released) return;
      released = true;
      environment.users -= 1;
      if (environment.users > 0) return;
      environments.delete(key);
      environment.signals.appended.removeAllListeners();
      environment.signals.cancels.removeAllListeners();
      await environment.tables.root.close();
      environment.unlock();
    },
  };
}
