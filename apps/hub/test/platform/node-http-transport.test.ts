import { createServer } from "node:http";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2Transport,
} from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer, isInitializeRequest } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { NodeHttpTransport } from "../../src/platform/mcp/node-http-transport";

/** A bare Node server with one MCP session per initialize, each on a NodeHttpTransport. */
function startServer(): Promise<{ url: URL; server: Server; servers: McpServer[] }> {
  const sessions = new Map<string, NodeHttpTransport>();
  const servers: McpServer[] = [];
  const readJson = async (req: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"));
  };
  const server = createServer((req, res) => {
    void (async () => {
      const body = req.method === "POST" ? await readJson(req) : undefined;
      const sessionId = req.headers["mcp-session-id"];
      if (typeof sessionId === "string") {
        const transport = sessions.get(sessionId);
        if (transport === undefined) return res.writeHead(404).end();
        return transport.handleRequest(req, res, body);
      }
      if (!isInitializeRequest(body)) return res.writeHead(400).end();
      const transport = new NodeHttpTransport({
        sessionId: randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      const mcp = new McpServer({ name: "node-http-test", version: "1.0.0" });
      mcp.registerTool(
        "countdown",
        { description: "Counts down with progress.", inputSchema: z.object({ from: z.number() }) },
        async ({ from }, ctx) => {
          const progressToken = ctx.mcpReq._meta?.progressToken;
          for (let left = from; left > 0; left -= 1)
            if (progressToken !== undefined)
              await ctx.mcpReq.notify({
                method: "notifications/progress",
                params: { progressToken, progress: from - left + 1, total: from },
              });
          return { content: [{ type: "text", text: `lift-off after ${from}` }] };
        },
      );
      servers.push(mcp);
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    })();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: new URL(`http://127.0.0.1:${port}/mcp`), server, servers });
    }),
  );
}

let served: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  served = await startServer();
});
afterAll(async () => {
  await Promise.all(served.servers.map((mcp) => mcp.close()));
  served.server.closeAllConnections();
  await new Promise((resolve) => served.server.close(resolve));
});

const clients = {
  v2: async () => {
    const client = new V2Client({ name: "v2", version: "1.0.0" });
    const transport = new V2Transport(served.url);
    await client.connect(transport);
    const countdown = (from: number, onprogress: (progress: { progress: number }) => void) =>
      client.callTool({ name: "countdown", arguments: { from } }, { onprogress });
    return { client, transport, countdown };
  },
  v1: async () => {
    const client = new V1Client({ name: "v1", version: "1.0.0" });
    const transport = new V1Transport(served.url);
    await client.connect(transport);
    const countdown = (from: number, onprogress: (progress: { progress: number }) => void) =>
      client.callTool({ name: "countdown", arguments: { from } }, undefined, { onprogress });
    return { client, transport, countdown };
  },
};

describe.each(Object.entries(clients))(
  "NodeHttpTransport with the SDK's %s client",
  (_, connect) => {
    it("initializes a session, lists tools, streams progress on the call's own response", async () => {
      const { client, transport, countdown } = await connect();
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["countdown"]);
      const progress: number[] = [];
      const result = await countdown(3, ({ progress: step }) => progress.push(step));
      expect(progress).toEqual([1, 2, 3]);
      expect(result.content).toEqual([{ type: "text", text: "lift-off after 3" }]);
      await client.close();
    });

    it("lets the SDK refuse bad arguments as a tool error", async () => {
      const { client } = await connect();
      const result = await client.callTool({ name: "countdown", arguments: { from: "three" } });
      expect(result.isError).toBe(true);
      await client.close();
    });

    it("ends the session on DELETE: the old id is then unknown", async () => {
      const { client, transport } = await connect();
      const sessionId = transport.sessionId;
      await transport.terminateSession();
      const after = await fetch(served.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": sessionId ?? "",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
      });
      expect(after.status).toBe(404);
      await client.close();
    });
  },
);

describe("NodeHttpTransport refusals", () => {
  async function session(): Promise<string> {
    const { client, transport } = await clients.v1();
    const id = transport.sessionId;
    await client.close();
    if (id === undefined) throw new Error("no session id");
    return id;
  }
  const post = (headers: Record<string, string>, body: unknown) =>
    fetch(served.url, { method: "POST", headers, body: JSON.stringify(body) });
  const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };

  it("refuses a POST that does not accept SSE (406), a non-JSON type (415), a bad version (400)", async () => {
    const id = await session();
    const base = { "mcp-session-id": id, "content-type": "application/json" };
    expect((await post({ ...base, accept: "application/json" }, list)).status).toBe(406);
    const both = "application/json, text/event-stream";
    expect((await post({ ...base, accept: both, "content-type": "text/plain" }, list)).status).toBe(
      415,
    );
    const badVersion = await post(
      { ...base, accept: both, "mcp-protocol-version": "1999-01-01" },
      list,
    );
    expect(badVersion.status).toBe(400);
    expect(await badVersion.text()).toContain("Unsupported protocol version: 1999-01-01");
  });

  it("refuses a body that is not JSON-RPC (400, -32700) without reaching the server", async () => {
    const id = await session();
    const headers = {
      "mcp-session-id": id,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const refused = await post(headers, { hello: "world" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: -32700 } });
  });
});
