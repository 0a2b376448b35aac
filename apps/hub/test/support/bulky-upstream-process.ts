/**
 * A real MCP upstream in its own process, so the hub's memory is measured alone: its `dump`
 * tool answers with `size` bytes of text (after one progress notification when the caller
 * asked for progress, which makes the response an SSE stream). Prints `{"port":N}` once it
 * listens. Run with `node --import tsx bulky-upstream-process.ts`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";

const DUMP_TOOL = {
  name: "dump",
  description: "Returns `size` bytes of text.",
  inputSchema: {
    type: "object" as const,
    properties: { size: { type: "number" } },
    required: ["size"],
  },
};

function build(): Server {
  const server = new Server({ name: "bulky", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: [DUMP_TOOL] }));
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken;
    if (progressToken !== undefined)
      await ctx.mcpReq.notify({
        method: "notifications/progress",
        params: { progressToken, progress: 1, message: "dumping" },
      });
    const size = Number(request.params.arguments?.size);
    return { content: [{ type: "text" as const, text: "x".repeat(size) }] };
  });
  return server;
}

const mcp = createMcpHandler(build);
// Node closes a keep-alive socket idle for 5 s by default; on a loaded machine the hub's pool
// can pick that socket for the next call just as it closes (ECONNRESET), a race that has
// nothing to do with the cap under test. The hub's own pool closes idle sockets first.
const httpServer = createServer(
  { keepAliveTimeout: 120_000 },
  (req, res) => void toNodeHandler(mcp)(req, res),
);
httpServer.listen(0, "127.0.0.1", () => {
  const { port } = httpServer.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
