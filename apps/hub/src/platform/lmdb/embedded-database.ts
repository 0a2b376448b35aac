import { ensurePrivateFolder, restrictToOwner } from "@inquiry-hub/logging";
import { open } from "lmdb";
import type { Database, Key, RangeOptions } from "lmdb";

/**
 * The hub's embedded store: one LMDB environment in a folder (HUB_DATA_DIR under `npm start`),
 * a named table per store port. LMDB because it installs from npm with its binary inside
 * (`@lmdb/lmdb-linux-x64`, no build step), commits are ACID and fsynced (a `kill -9` loses at
 * most the write in flight, never a committed one), reads are synchronous memory-mapped
 * lookups, and keys are ordered tuples, so the per-user indexes the Redis adapters keep as
 * sorted sets are plain key ranges here. Values are stored as msgpack (lmdb's default
 * encoding), so records keep their shape without a codec per store.
 *
 * Several processes may open the same folder (LMDB locks per transaction), but the hub
 * treats it as one node's store: several nodes share Redis, not a folder.
 */
export interface EmbeddedDatabase {
  /** The table `name`, opened once and shared by every caller. */
  table<Value>(name: string): Database<Value, Key>;
  /**
   * Runs `flush` when the database closes, before its tables do: for a store that defers a
   * write to share a later commit, so a clean shutdown still puts it on disk.
   */
  onClose(flush: () => Promise<void>): void;
  /** Flushes and closes every table. */
  close(): Promise<void>;
}

/** Upper bound of a key part in ranges: above every id, timestamp and number the hub writes. */
const KEY_PART_MAX = "\uffff";

/**
 * Every key that starts with `prefix`, in key order (for example all of one user's inquiry
 * index entries: `keysUnder(["user-inquiries", userId])`).
 */
export function keysUnder(prefix: readonly (string | number)[]): RangeOptions {
  return { start: [...prefix], end: [...prefix, KEY_PART_MAX] };
}

/**
 * Opens (creating when missing) the embedded store in `dir`, readable only by the hub's OS
 * user: the folder 0700 before LMDB writes into it, then its files 0600 (LMDB creates them
 * 0644 less the umask), since they hold password hashes, device tokens and every argument.
 */
export function openEmbeddedDatabase(dir: string): EmbeddedDatabase {
  ensurePrivateFolder(dir);
  // noSubdir: false, or lmdb takes a folder name with a dot (`hub.data`) for a file name.
  const root = open({ path: dir, maxDbs: 64, noSubdir: false });
  restrictToOwner(dir);
  const tables = new Map<string, Database<unknown, Key>>();
  const flushes: (() => Promise<void>)[] = [];
  return {
    table<Value>(name: string): Database<Value, Key> {
      let table = tables.get(name);
      if (table === undefined) {
        table = root.openDB<unknown, Key>({ name });
        tables.set(name, table);
      }
      return table as Database<Value, Key>;
    },
    onClose(flush) {
      flushes.push(flush);
    },
    async close() {
      await Promise.all(flushes.splice(0).map((flush) => flush()));
      await root.close();
    },
  };
}
