import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { SandboxPathError, WRITE_NO_FOLLOW_FLAGS, resolveSandboxFile } from "./sandbox-path";
import { errorResult, textResult } from "./tool-result";

/** Largest content accepted, in characters: a demo tool, not a file store. */
const MAX_CONTENT_LENGTH = 1_000_000;

/** How much of the written text the result repeats, in characters. */
const ECHOED_CONTENT_LENGTH = 2_000;

/**
 * The result's second line: what the file now holds, as a JSON string. An approver may have
 * edited the call, so the caller learns what ran from here, not from the arguments it sent.
 */
function contentLine(content: string): string {
  if (content.length <= ECHOED_CONTENT_LENGTH) return `Content: ${JSON.stringify(content)}`;
  const start = JSON.stringify(content.slice(0, ECHOED_CONTENT_LENGTH));
  return `Content (first ${ECHOED_CONTENT_LENGTH} characters): ${start}`;
}

/**
 * Registers `write_file {path, content}`: a deliberately risky-looking tool (it is what the
 * approval proxy gates in demos) that can still only touch files inside `sandboxDir`.
 */
export function registerWriteFile(server: McpServer, sandboxDir: string): void {
  server.registerTool(
    "write_file",
    {
      description:
        "Write a text file inside the demo sandbox folder. `path` is relative to the sandbox; parent folders are created.",
      inputSchema: z.object({
        path: z.string().min(1).max(500).describe("Relative path, e.g. notes/today.md"),
        content: z.string().max(MAX_CONTENT_LENGTH).describe("The full text to write"),
      }),
    },
    async ({ path: requested, content }) => {
      try {
        const target = await resolveSandboxFile(sandboxDir, requested);
        await writeFile(target, content, { encoding: "utf8", flag: WRITE_NO_FOLLOW_FLAGS });
        const shown = path.posix.normalize(requested.replaceAll("\\", "/"));
        return textResult(
          `Wrote ${Buffer.byteLength(content, "utf8")} bytes to ${shown} in the sandbox.\n${contentLine(content)}`,
        );
      } catch (error) {
        if (error instanceof SandboxPathError) return errorResult(error.message);
        const reason = error instanceof Error ? error.message : String(error);
        return errorResult(`Could not write "${requested}": ${reason}`);
      }
    },
  );
}
