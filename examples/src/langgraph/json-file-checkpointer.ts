import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { RunnableConfig } from "@langchain/core/runnables";
import { MemorySaver } from "@langchain/langgraph";

/** How serialized checkpoint bytes are spelled in the JSON file. */
interface EncodedBytes {
  $bytes: string;
}

function isEncodedBytes(value: unknown): value is EncodedBytes {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<EncodedBytes>).$bytes === "string"
  );
}

function encodeBytes(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? { $bytes: Buffer.from(value).toString("base64") } : value;
}

function decodeBytes(_key: string, value: unknown): unknown {
  return isEncodedBytes(value) ? new Uint8Array(Buffer.from(value.$bytes, "base64")) : value;
}

/**
 * LangGraph's in-memory checkpointer, saved to one JSON file after every change and loaded
 * from it at start, so a run paused for an approval survives a restart of this process.
 *
 * Why not a published one: `@langchain/langgraph-checkpoint-sqlite` (or -postgres, -redis) is
 * what an app should use, but it is not installed in this repository. Extending `MemorySaver`
 * keeps LangGraph's own checkpoint logic (listing, pending writes, parents) and adds only
 * persistence of its two public tables. Each save rewrites the whole file synchronously,
 * through a temporary file and a rename, so a crash leaves the previous or the new state,
 * never half of one: fine for one example thread, too slow for an app with many.
 */
export class JsonFileCheckpointer extends MemorySaver {
  constructor(private readonly file: string) {
    super();
    mkdirSync(dirname(file), { recursive: true });
    this.load();
  }

  override async put(...args: Parameters<MemorySaver["put"]>): Promise<RunnableConfig> {
    const saved = await super.put(...args);
    this.save();
    return saved;
  }

  override async putWrites(...args: Parameters<MemorySaver["putWrites"]>): Promise<void> {
    await super.putWrites(...args);
    this.save();
  }

  override async deleteThread(threadId: string): Promise<void> {
    await super.deleteThread(threadId);
    this.save();
  }

  private load(): void {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const saved = JSON.parse(text, decodeBytes) as Pick<MemorySaver, "storage" | "writes">;
    this.storage = saved.storage;
    this.writes = saved.writes;
  }

  private save(): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(
      temporary,
      JSON.stringify({ storage: this.storage, writes: this.writes }, encodeBytes),
    );
    renameSync(temporary, this.file);
  }
}
