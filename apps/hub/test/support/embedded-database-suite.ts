import { afterAll, beforeAll } from "vitest";
import { openEmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { createTempDataDir } from "./temp-embedded-database";
import type { TempDataDir } from "./temp-embedded-database";

/** The calling suite's embedded database, and a way to restart it on the same folder. */
export interface SuiteEmbeddedDatabase {
  readonly db: EmbeddedDatabase;
  /** Closes the database and opens the same folder again, as a restarted hub would. */
  reopen(): Promise<EmbeddedDatabase>;
}

/**
 * Gives the calling `describe` its own embedded database on a fresh temp folder: opened
 * before its tests, closed and removed after them. Call the returned function inside a test
 * (or a contract suite's `open` callback) to reach it.
 */
export function useSuiteEmbeddedDatabase(label: string): () => SuiteEmbeddedDatabase {
  let folder: TempDataDir | undefined;
  let db: EmbeddedDatabase | undefined;
  beforeAll(() => {
    folder = createTempDataDir(label);
    db = openEmbeddedDatabase(folder.dir);
  });
  afterAll(async () => {
    await db?.close();
    folder?.remove();
  });
  return () => {
    if (folder === undefined || db === undefined)
      throw new Error("the suite's embedded database opens in beforeAll");
    const { dir } = folder;
    return {
      db,
      async reopen() {
        await db?.close();
        db = openEmbeddedDatabase(dir);
        return db;
      },
    };
  };
}
