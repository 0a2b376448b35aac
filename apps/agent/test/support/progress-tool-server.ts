import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { IDEMPOTENCY_META_KEY } from "@inquiry-hub/protocol";
import { NodeStreamableHTTPServerTransport, toNodeHandler } from "@modelcontextprotocol/node";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import { z } from "zod";

/**
 * Which generation the server speaks: `stateless` serves 2026-07-28 and, through the SDK's
 * fallback, 2025-era clients without sessions; `sessions` is a strictly 2025-era server
 * that binds every client to the session its `initialize` created, as today's hub does.
 */
export type ServerGeneration = "stateless" | "sessions";

/** A running test server; `openSessions` counts 2025 sessions not yet ended by a DELETE. */
export interface ProgressToolServer {
  url: URL;
  openSessions(): number;
  close(): Promise<void>;
}

/** What `slow_count` reports back, so a test sees what the client really sent. */
export const SlowCountReportSchema = z.object({
  authorization: z.string().nullable(),
  idempotencyKey: z.unknown(),
});

/**
 * One tool, `slow_count {steps, intervalMs}`: sends `steps` progress notifications (under
 * `_meta` only, as a sender unaware of the hub's `meta` key would) `intervalMs` apart, then
 * answers with the request's Authorization header and idempotency key.
 */
function buildServer(): McpServer {
  const server = new McpServer({ name: "progress-tool-server", version: "1.0.0" });
  server.registerTool(
    "slow_count",
    {
      description: "Counts slowly, reporting progress.",
      inputSchema: z.object({ steps: z.number().int().min(1), intervalMs: z.number().int() }),
    },
    async ({ steps, intervalMs }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (let step = 1; step <= steps; step += 1) {
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
        if (progressToken === undefined) continue;
        await ctx.mcpReq.notify({
          method: "notifications/progress",
          params: { progressToken, progress: step, total: steps, _meta: { step } },
        });
      }
      const report = {
        authorization: ctx.http?.req?.headers.get("authorization") ?? null,
        idempotencyKey: ctx.mcpReq._meta?.[IDEMPOTENCY_META_KEY],
      };
      return { content: [{ type: "text", text: JSON.stringify(report) }] };
    },
  );
  return server;
}

function sessionHandler(
  sessions: Map<string, NodeStreamableHTTPServerTransport>,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const sessionId = req.headers["mcp-session-id"];
    const existing = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (existing !== undefined) {
      await existing.handleRequest(req, res);
      return;
    }
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    await buildServer().connect(transport);
    await transport.handleRequest(req, res);
  };
}

/** Starts the server on a free loopback port. */
export async function startProgressToolServer(
  generation: ServerGeneration,
): Promise<ProgressToolServer> {
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const stateless = createMcpHandler(buildServer);
  const handle = generation === "stateless" ? toNodeHandler(stateless) : sessionHandler(sessions);
  const httpServer: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    openSessions: () => sessions.size,
    async close() {
      await stateless.close();
      await Promise.allSettled([...sessions.values()].map((transport) => transport.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
