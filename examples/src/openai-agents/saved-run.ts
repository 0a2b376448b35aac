import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/** A run that waits for the person: the app's id for it and the SDK's serialized RunState. */
const SavedRunSchema = z.object({ runId: z.string().min(1), state: z.string().min(1) });
export type SavedRun = z.infer<typeof SavedRunSchema>;

/** The one waiting run of this example, kept as a JSON file in STATE_DIR. */
export interface SavedRunFile {
  readonly path: string;
  load(): Promise<SavedRun | undefined>;
  /** Replaces the file in one rename, so a crash mid-write leaves the previous state. */
  save(run: SavedRun): Promise<void>;
  clear(): Promise<void>;
}

export function savedRunFile(stateDir: string): SavedRunFile {
  const path = join(stateDir, "openai-agents-run.json");
  return {
    path,
    async load() {
      const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      });
      return text === undefined ? undefined : SavedRunSchema.parse(JSON.parse(text));
    },
    async save(run) {
      await mkdir(stateDir, { recursive: true });
      await writeFile(`${path}.tmp`, JSON.stringify(run));
      await rename(`${path}.tmp`, path);
    },
    clear: () => rm(path, { force: true }),
  };
}
