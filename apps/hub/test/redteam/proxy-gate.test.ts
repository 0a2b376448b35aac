import { mkdtemp, readdir, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDemoToolsServer, loadOrCreateToken } from "@inquiry-hub/demo-tools";
import type { DemoToolsServer } from "@inquiry-hub/demo-tools";
import { captureLogLines } from "@inquiry-hub/logging";
import type { Logger } from "@inquiry-hub/logging";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { callUntilOpened, resultText, startTestHub, waitFor } from "../helpers";
import type { TestHub } from "../helpers";
import { REDTEAM_SIZES } from "./scale";

/** The real hub's proxy in front of a real, token-protected demo-tools. */
interface Gate {
  hub: TestHub;
  sandboxDir: string;
  /**
   * Requests demo-tools received, once none arrived for a moment (a new connection's
   * background requests settle first): what proves a refused attempt never went upstream.
   */
  upstreamRequests(): Promise<number>;
  agent(token: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }>;
  close(): Promise<void>;
}

async function startGate(
  upstreamSettings: Record<string, unknown>,
  logger?: Logger,
): Promise<Gate> {
  const root = await mkdtemp(path.join(tmpdir(), "redteam-proxy-gate-"));
  const sandboxDir = path.join(root, "sandbox");
  const tokenFile = path.join(root, "demo-tools-token");
  const demo: DemoToolsServer = createDemoToolsServer({
    sandboxDir,
    bearerToken: await loadOrCreateToken(tokenFile),
  });
  let requests = 0;
  demo.httpServer.on("request", () => (requests += 1));
  await new Promise<void>((resolve) => demo.httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = demo.httpServer.address() as AddressInfo;
  const proxy = parseProxyConfig({
    upstreams: {
      demo: {
        url: `http://127.0.0.1:${port}/mcp`,
        headers: { authorization: { prefix: "Bearer ", file: tokenFile } },
        timeout_seconds: 5,
        ...upstreamSettings,
      },
    },
  });
  const hub = await startTestHub({ proxy }, logger === undefined ? {} : { logger });
  const clients: Client[] = [];
  return {
    hub,
    sandboxDir,
    async upstreamRequests() {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const seen = requests;
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (requests === seen) return seen;
      }
      throw new Error("demo-tools kept receiving requests");
    },
    async agent(token) {
      const client = new Client({ name: "redteam-agent", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", hub.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      });
      await client.connect(transport);
      clients.push(client);
      return { client, transport };
    },
    async close() {
      await Promise.allSettled(clients.map((client) => client.close()));
      await hub.close();
      await demo.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function call(agent: Client, name: string, args: Record<string, unknown>): Promise<string> {
  return resultText(await agent.callTool({ name, arguments: args }));
}

async function pendingInquiries(hub: TestHub, token: string): Promise<unknown> {
  return (await hub.request("/api/inquiries?status=pending", { token })).json();
}

/** Every spelling of `name` that differs from it only in case. */
function caseVariant(name: string): fc.Arbitrary<string> {
  return fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((flips) =>
      [...name].map((letter, index) => (flips[index] ? letter.toUpperCase() : letter)).join(""),
    )
    .filter((variant) => variant !== name);
}

describe("red team: the approval proxy's gate", () => {
  let gate: Gate | undefined;
  afterEach(async () => {
    await gate?.close();
    gate = undefined;
  });

  it("finding 13: a case variant of a gated tool (Execute_SQL, wRite_file) is refused, never passed ungated", async () => {
    gate = await startGate({
      default: false,
      tools: {
        get_weather: false,
        write_file: true,
        execute_sql: { when: [{ arg: "query", sql: ["delete"] }] },
      },
    });
    const { token } = await gate.hub.registerUser("gate");
    const { client } = await gate.agent(token);
    const notesBefore = await call(client, "execute_sql", { query: "SELECT * FROM notes" });

    const refused = await call(client, "Execute_SQL", { query: "DELETE FROM notes WHERE id = 1" });
    expect(refused).toBe(
      'The upstream MCP server "demo" has no tool named "Execute_SQL"; nothing was run. Tool names are case-sensitive: did you mean "execute_sql"?',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(caseVariant("execute_sql"), caseVariant("write_file")),
        async (name) => {
          const text = await call(client, name, {
            query: "DELETE FROM notes WHERE created_at < '2100-01-01'",
            path: "pwned.txt",
            content: "x",
          });
          expect(text).toMatch(/has no tool named .*; nothing was run/);
        },
      ),
      { numRuns: REDTEAM_SIZES.fuzzRuns },
    );

    expect(await call(client, "execute_sql", { query: "SELECT * FROM notes" })).toBe(notesBefore);
    expect(await readdir(gate.sandboxDir).catch(() => [])).toEqual([]);
    expect(await pendingInquiries(gate.hub, token)).toEqual([]);
  });

  it("finding 13: a tool the config does not name is gated (fail closed), and runs only if approved", async () => {
    gate = await startGate({ tools: { get_weather: false } });
    const { token } = await gate.hub.registerUser("gate");
    const { client } = await gate.agent(token);
    const { call: pending, inquiryId } = await callUntilOpened(
      client,
      { name: "write_file", arguments: { path: "unlisted.txt", content: "x" } },
      "APPROVAL",
    );
    await gate.hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token,
      body: { action: "reject", reason: "no" },
    });
    expect(resultText(await pending)).toMatch(/rejected the call to write_file/);
    expect(await readdir(gate.sandboxDir).catch(() => [])).toEqual([]);
  });

  it("finding 13: a policy naming a tool the upstream does not list is warned about at the first connection", async () => {
    const captured = captureLogLines({ service: "hub" });
    gate = await startGate({ default: false, tools: { Write_File: true } }, captured.logger);
    const { token } = await gate.hub.registerUser("gate");
    await gate.agent(token);
    const message = await waitFor(async () =>
      Promise.resolve(
        captured
          .lines()
          .filter((line) => line.level === 40)
          .map((line) => String(line.msg))
          .find((text) => /Write_File/.test(text)),
      ),
    );
    expect(message).toBe(
      'approval proxy: upstream "demo" lists no tool "Write_File", so its policy applies to nothing (names are case-sensitive: did you mean "write_file"?)',
    );
  });

  it("finding 14: the audit line on stdout carries no argument values by default", async () => {
    const captured = captureLogLines({ service: "hub" });
    gate = await startGate({ tools: { write_file: true } }, captured.logger);
    const { token } = await gate.hub.registerUser("gate");
    const { client } = await gate.agent(token);
    const secret = "DROP-DATABASE-sk-live-0123456789";
    const { call: pending, inquiryId } = await callUntilOpened(
      client,
      { name: "write_file", arguments: { path: "secret-plan.md", content: secret } },
      "APPROVAL",
    );
    await gate.hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token,
      body: { action: "reject" },
    });
    await pending;
    const line = await waitFor(async () =>
      Promise.resolve(
        captured
          .rawLines()
          .find((text) => text.includes(`"event":"approval.decision"`) && text.includes(inquiryId)),
      ),
    );
    expect(line).not.toContain(secret);
    expect(line).not.toContain("secret-plan.md");
    const entry = JSON.parse(line) as { originalArguments: Record<string, string> };
    expect(Object.keys(entry.originalArguments).sort()).toEqual(["content", "path"]);
    expect(entry.originalArguments.content).toMatch(/^\[redacted: 34 chars, hmac [0-9a-f]{16}\]$/);
  });

  it("finding 5: one user cannot hold more upstream connections than the cap, nor all of them", async () => {
    gate = await startGate({
      tools: { get_weather: false },
      max_connections: 3,
      max_connections_per_user: 2,
    });
    const alice = (await gate.hub.registerUser("alice")).token;
    const bob = (await gate.hub.registerUser("bob")).token;
    const first = await gate.agent(alice);
    await gate.agent(alice);

    const before = await gate.upstreamRequests();
    await expect(gate.agent(alice)).rejects.toThrow(/RATE_LIMITED.*already have 2 sessions open/);
    expect(await gate.upstreamRequests()).toBe(before);

    await gate.agent(bob);
    const full = await gate.upstreamRequests();
    await expect(gate.agent(bob)).rejects.toThrow(/UNAVAILABLE.*all 3 of its connections in use/);
    expect(await gate.upstreamRequests()).toBe(full);

    expect(await call(first.client, "get_weather", { city: "Oslo" })).toMatch(/^Tomorrow in Oslo/);
    await first.transport.terminateSession();
    const reconnect = (): Promise<Awaited<ReturnType<Gate["agent"]>> | undefined> =>
      gate?.agent(alice).catch(() => undefined) ?? Promise.resolve(undefined);
    const again = await waitFor(reconnect);
    expect(await call(again.client, "get_weather", { city: "Oslo" })).toMatch(/^Tomorrow in Oslo/);
  });
});
