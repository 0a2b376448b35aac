/**
 * The second floor: what a server built on the official MCP SDK alone costs for one cycle, as
 * the SDK's documentation shows it (`createMcpHandler` + `toNodeHandler` on Node's `http`) with
 * one tool that does what `send_inquiry` minimally must: broadcast the question to the
 * caller's room over Socket.IO, wait for the first device to answer on its socket, broadcast
 * the withdrawal and return the answer. No auth, no store, no heartbeats, no audit: the
 * difference to the hub is what the hub adds to the SDK, and the difference to the bare floor
 * (bench/baseline-server.ts) is the SDK's own HTTP and protocol path.
 *
 * `POST /mcp` serves MCP (2025-era clients through the handler's stateless legacy leg, as a
 * client at its defaults arrives; 2026-07-28 ones through its per-request leg); the tool
 * `send_inquiry {room, prompt, options?}`. Prints `sdk-only listening on <url>` when ready.
 * Started by bench/run.ts only.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import { z } from "zod";
import { attachAnswerRooms } from "./lib/answer-rooms";

const AskArgsSchema = z.object({
  room: z.string().describe("The room of the devices to ask."),
  prompt: z.string(),
  options: z.array(z.string()).optional(),
});

/** One server per request, as `createMcpHandler` asks of its factory. */
function createAskServer(): McpServer {
  const server = new McpServer({ name: "sdk-only-floor", version: "0.1.0" });
  server.registerTool(
    "send_inquiry",
    {
      description: "Asks the devices of a room; returns the first answer.",
      inputSchema: AskArgsSchema,
    },
    async ({ room }) => ({ content: [{ type: "text", text: await rooms.ask(room) }] }),
  );
  return server;
}

const mcp = createMcpHandler(createAskServer);
const serveMcp = toNodeHandler(mcp);

const httpServer = createServer((req, res) => {
  if (new URL(req.url ?? "/", "http://127.0.0.1").pathname === "/mcp") void serveMcp(req, res);
  else res.writeHead(404).end();
});

const rooms = attachAnswerRooms(httpServer);

httpServer.listen(0, "127.0.0.1", () => {
  const { port } = httpServer.address() as AddressInfo;
  console.log(`sdk-only listening on http://127.0.0.1:${port}/`);
});

function shutdown(): void {
  void Promise.all([mcp.close(), rooms.close()]).then(() => process.exit(0));
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
