import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openEmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";

/** A folder under the OS temp dir for one test's embedded store, and how to remove it. */
export interface TempDataDir {
  dir: string;
  remove(): void;
}

/** Creates an empty folder; its name has no dot, so LMDB treats it as a directory. */
export function createTempDataDir(label: string): TempDataDir {
  const dir = mkdtempSync(path.join(tmpdir(), `${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An embedded database on a fresh temp folder; `close` closes it and removes the folder. */
export function openTempEmbeddedDatabase(label: string): {
  db: EmbeddedDatabase;
  dir: string;
  close(): Promise<void>;
} {
  const folder = createTempDataDir(label);
  const db = openEmbeddedDatabase(folder.dir);
  return {
    db,
    dir: folder.dir,
    async close() {
      await db.close();
      folder.remove();
    },
  };
}
