import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { z } from "zod";
import { serveMcpOnLoopback } from "../support/loopback-mcp-server";

/**
 * A real MCP server whose one tool, `write_file`, writes `content` to `name` in a temp folder
 * and counts its runs: the file proves what was written, the count proves how often.
 */
export interface CountingFileUpstream {
  url: URL;
  folder: string;
  /** The arguments of every `write_file` the upstream ran, in order. */
  writes: { name: string; content: string }[];
  close(): Promise<void>;
}

const WRITE_FILE_TOOL = {
  name: "write_file",
  description: "Writes content to a file of the folder.",
  inputSchema: {
    type: "object" as const,
    properties: { name: { type: "string" }, content: { type: "string" } },
    required: ["name", "content"],
  },
};

const WriteArgumentsSchema = z.object({
  name: z.string().regex(/^[\w.-]+$/),
  content: z.string(),
});

/** Starts it on 127.0.0.1:<free port>. */
export async function startCountingFileUpstream(): Promise<CountingFileUpstream> {
  const folder = await mkdtemp(path.join(tmpdir(), "counting-upstream-"));
  const writes: CountingFileUpstream["writes"] = [];
  const build = (): Server => {
    const server = new Server({ name: "files", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/list", () => ({ tools: [WRITE_FILE_TOOL] }));
    server.setRequestHandler("tools/call", async (request) => {
      const args = WriteArgumentsSchema.parse(request.params.arguments);
      writes.push(args);
      await writeFile(path.join(folder, args.name), args.content, "utf8");
      return { content: [{ type: "text" as const, text: `wrote ${args.name}` }] };
    });
    return server;
  };
  const served = await serveMcpOnLoopback(createMcpHandler(build));
  return {
    url: served.url,
    folder,
    writes,
    async close() {
      await served.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
