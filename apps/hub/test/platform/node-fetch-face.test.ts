import { createServer, request } from "node:http";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { serveThroughFetchFace } from "../../src/platform/mcp/node-fetch-face";

/** What each per-request server saw of its request. */
interface Seen {
  url: string;
  traceparent: string | null;
  authorization: string | null;
  bodyUsed: boolean;
  hasBody: boolean;
  carrierGone: Promise<void>;
}

/** A bare Node server serving the SDK's strict 2026-07-28 handler through the fetch face. */
function startServer(): Promise<{ url: URL; server: Server; seen: Seen[] }> {
  const seen: Seen[] = [];
  const handler = createMcpHandler(
    ({ requestInfo }) => {
      const signal = requestInfo?.signal;
      seen.push({
        url: requestInfo?.url ?? "",
        traceparent: requestInfo?.headers.get("traceparent") ?? null,
        authorization: requestInfo?.headers.get("authorization") ?? null,
        bodyUsed: requestInfo?.bodyUsed ?? true,
        hasBody: requestInfo?.body !== null,
        carrierGone: new Promise((resolve) => signal?.addEventListener("abort", () => resolve())),
      });
      const mcp = new McpServer({ name: "fetch-face-test", version: "1.0.0" });
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
      mcp.registerTool(
        "hold",
        { description: "Answers once the request's carrier is gone.", inputSchema: z.object({}) },
        async () => {
          await new Promise((resolve) => signal?.addEventListener("abort", resolve));
          return { content: [{ type: "text", text: "too late" }] };
        },
      );
      return mcp;
    },
    { legacy: "reject" },
  );
  const readJson = async (req: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"));
  };
  const server = createServer((req, res) => {
    void readJson(req).then((body) => serveThroughFetchFace(handler.fetch, req, res, body));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: new URL(`http://127.0.0.1:${port}/mcp?timeout=5`), server, seen });
    });
  });
}

async function connect(url: URL, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client(
    { name: "fetch-face-client", version: "1.0.0" },
    { versionNegotiation: { mode: "auto" } },
  );
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

describe("serveThroughFetchFace", () => {
  let started: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    started = await startServer();
  });
  afterAll(() => new Promise<void>((resolve) => started.server.close(() => resolve())));

  it("serves a 2026-07-28 client from a header-only request: its URL and headers, no credentials", async () => {
    const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const client = await connect(started.url, { traceparent, authorization: "Bearer secret" });
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const before = started.seen.length;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["countdown", "hold"]);
    const seen = started.seen.at(-1);
    expect(started.seen.length).toBe(before + 1);
    expect(seen).toMatchObject({
      traceparent,
      authorization: null,
      hasBody: false,
      bodyUsed: false,
    });
    expect(new URL(seen?.url ?? "").search).toBe("?timeout=5");
    await client.close();
  });

  it("streams a call's progress before its result (the SDK's SSE answer, written as it comes)", async () => {
    const client = await connect(started.url);
    const progress: number[] = [];
    const result = await client.callTool(
      { name: "countdown", arguments: { from: 3 } },
      { onprogress: ({ progress: value }) => progress.push(value) },
    );
    expect(progress).toEqual([1, 2, 3]);
    expect(result.content).toEqual([{ type: "text", text: "lift-off after 3" }]);
    await client.close();
  });

  it("fires the request's signal when the client goes away before the answer", async () => {
    const client = await connect(started.url);
    const abandon = new AbortController();
    const before = started.seen.length;
    const call = client.callTool({ name: "hold", arguments: {} }, { signal: abandon.signal });
    await expect.poll(() => started.seen.length).toBe(before + 1);
    const seen = started.seen.at(-1);
    abandon.abort();
    await expect(call).rejects.toThrow();
    await expect(seen?.carrierGone).resolves.toBeUndefined();
    await client.close();
  });

  it("reads the query from the request's own URL, whatever its Host header says", async () => {
    const before = started.seen.length;
    const body = JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: {} });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        started.url,
        {
          method: "POST",
          headers: {
            host: "forged?timeout=999#",
            "content-type": "application/json",
            "mcp-protocol-version": "2026-07-28",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(status).toBe(202);
    expect(started.seen.length).toBe(before + 1);
    expect(started.seen.at(-1)?.url).toBe("http://localhost/mcp?timeout=5");
  });

  it("answers a refusal of the SDK's ladder with its status and JSON-RPC body", async () => {
    const response = await fetch(started.url, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
  });
});
