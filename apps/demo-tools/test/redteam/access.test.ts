import { request } from "node:http";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoToolsServer, loadOrCreateToken } from "../../src/index";
import type { DemoToolsServer } from "../../src/index";
import { CLIENT_ERAS, connectClient, firstText } from "../support/connect-client";
import type { ClientEra } from "../support/connect-client";

let server: DemoToolsServer;
let root: string;
let sandboxDir: string;
let token: string;
let port: number;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "demo-tools-redteam-"));
  sandboxDir = path.join(root, "sandbox");
  token = await loadOrCreateToken(path.join(root, "data", "demo-tools-token"));
  server = createDemoToolsServer({ sandboxDir, bearerToken: token });
  await new Promise<void>((resolve) => server.httpServer.listen(0, "127.0.0.1", resolve));
  port = (server.httpServer.address() as AddressInfo).port;
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** A raw tools/call POST with exactly these headers (Host included), as a browser or script sends it. */
function rawToolCall(
  headers: Record<string, string>,
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        path: "/mcp",
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The notes table as the legitimate client (right token, loopback Host) sees it. */
async function notesRows(clientEra: ClientEra = CLIENT_ERAS[1]): Promise<string> {
  const client = await connectClient(new URL(`http://127.0.0.1:${port}/mcp`), clientEra, {
    authorization: `Bearer ${token}`,
  });
  try {
    const result = await client.callTool({
      name: "execute_sql",
      arguments: { query: "SELECT * FROM notes" },
    });
    return firstText(result).text;
  } finally {
    await client.close();
  }
}

async function sandboxEntries(): Promise<string[]> {
  return readdir(sandboxDir).catch(() => []);
}

const localHost = (): string => `127.0.0.1:${port}`;
const bearer = (): string => `Bearer ${token}`;
const deleteAll = { query: "DELETE FROM notes WHERE created_at < '2100-01-01'" };

describe("demo-tools red team", () => {
  it("finding 4: a DNS-rebinding page (foreign Host) cannot run write_file, even with the token", async () => {
    const before = await sandboxEntries();
    const response = await rawToolCall(
      { host: `attacker.example:${port}`, authorization: bearer() },
      "write_file",
      { path: "pwned.txt", content: "x" },
    );
    expect(response.status).toBe(403);
    expect(response.body).toMatch(/Invalid Host: attacker\.example/);
    expect(await sandboxEntries()).toEqual(before);
  });

  it("finding 4: a page on a foreign Origin cannot run execute_sql, even with the token", async () => {
    const before = await notesRows();
    const response = await rawToolCall(
      { host: localHost(), origin: "http://attacker.example", authorization: bearer() },
      "execute_sql",
      deleteAll,
    );
    expect(response.status).toBe(403);
    expect(response.body).toMatch(/Origin http:\/\/attacker\.example is not allowed/);
    expect(await notesRows()).toBe(before);
  });

  it("finding 4: a local process without the bearer token gets 401 and changes nothing", async () => {
    const before = await notesRows();
    const response = await rawToolCall({ host: localHost() }, "execute_sql", deleteAll);
    expect(response.status).toBe(401);
    expect(response.body).toMatch(/needs Authorization: Bearer <token>/);
    const written = await rawToolCall({ host: localHost() }, "write_file", {
      path: "pwned.txt",
      content: "x",
    });
    expect(written.status).toBe(401);
    expect(await notesRows()).toBe(before);
    await expect(stat(path.join(sandboxDir, "pwned.txt"))).rejects.toThrow(/ENOENT/);
  });

  it("finding 4: a guessed bearer token gets 401 and changes nothing", async () => {
    const before = await notesRows();
    const guess = `Bearer ${"A".repeat(token.length)}`;
    const response = await rawToolCall(
      { host: localHost(), authorization: guess },
      "execute_sql",
      deleteAll,
    );
    expect(response.status).toBe(401);
    expect(response.body).toMatch(/refused the bearer token/);
    expect(await notesRows()).toBe(before);
  });

  it.each(CLIENT_ERAS)(
    "the legitimate $era client (loopback Host, right token) still runs tools",
    async (clientEra) => {
      expect(await notesRows(clientEra)).toContain("3 row(s) selected");
    },
  );
});
