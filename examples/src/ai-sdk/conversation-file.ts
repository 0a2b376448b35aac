import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ModelMessage } from "ai";

/** What survives a restart: the conversation's id (part of every approval's key) and its messages. */
export interface SavedConversation {
  conversationId: string;
  messages: ModelMessage[];
}

/** The conversation as a JSON file in the state folder, replaced whole on every save. */
export interface ConversationFile {
  /** The saved conversation, or `undefined` on the first start. */
  load(): Promise<SavedConversation | undefined>;
  save(conversation: SavedConversation): Promise<void>;
}

export function openConversationFile(stateDir: string): ConversationFile {
  const path = join(stateDir, "conversation.json");
  return {
    async load() {
      try {
        return JSON.parse(await readFile(path, "utf8")) as SavedConversation;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async save(conversation) {
      await mkdir(stateDir, { recursive: true });
      // Write then rename, so a crash mid-write leaves the previous save rather than half a file.
      const partial = `${path}.${randomUUID()}.tmp`;
      await writeFile(partial, JSON.stringify(conversation, null, 2));
      await rename(partial, path);
    },
  };
}
