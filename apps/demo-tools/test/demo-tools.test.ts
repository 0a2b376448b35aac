import { mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoToolsServer } from "../src/index";
import type { DemoToolsServer } from "../src/index";
import { CLIENT_ERAS, connectClient, firstText } from "./support/connect-client";

describe.each(CLIENT_ERAS)("demo-tools MCP server, $era client ($version)", (clientEra) => {
  let server: DemoToolsServer;
  let client: Client;
  let root: string;
  let sandboxDir: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "demo-tools-"));
    sandboxDir = path.join(root, "sandbox");
    server = createDemoToolsServer({ sandboxDir });
    await new Promise<void>((resolve) => server.httpServer.listen(0, "127.0.0.1", resolve));
    const { port } = server.httpServer.address() as AddressInfo;
    client = await connectClient(new URL(`http://127.0.0.1:${port}/mcp`), clientEra);
  });

  afterAll(async () => {
    await client.close();
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  async function call(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ text: string; isError: boolean }> {
    return firstText(await client.callTool({ name, arguments: args }));
  }

  it("negotiates the generation the client speaks", () => {
    expect(client.getProtocolEra()).toBe(clientEra.era);
    expect(client.getNegotiatedProtocolVersion()).toBe(clientEra.version);
    expect(client.getServerVersion()?.name).toBe("inquiry-hub-demo-tools");
  });

  it("lists the three tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "execute_sql",
      "get_weather",
      "write_file",
    ]);
  });

  it("get_weather is deterministic and names the city", async () => {
    const first = await call("get_weather", { city: "Hangzhou" });
    const second = await call("get_weather", { city: "Hangzhou" });
    expect(first.isError).toBe(false);
    expect(first.text).toMatch(/^Tomorrow in Hangzhou: .+, -?\d+–-?\d+ °C, wind \d+ m\/s$/);
    expect(second.text).toBe(first.text);
  });

  it("write_file writes inside the sandbox and creates parent folders", async () => {
    const result = await call("write_file", { path: "notes/today.md", content: "hello 你好" });
    expect(result.isError).toBe(false);
    expect(result.text).toBe(
      'Wrote 12 bytes to notes/today.md in the sandbox.\nContent: "hello 你好"',
    );
    expect(await readFile(path.join(sandboxDir, "notes", "today.md"), "utf8")).toBe("hello 你好");
  });

  it("write_file repeats at most 2,000 characters of what it wrote, as a JSON string", async () => {
    const content = `${"a".repeat(1_999)}\nb${"c".repeat(100)}`;
    const result = await call("write_file", { path: "long.txt", content });
    const [, line] = result.text.split("\n");
    expect(line).toBe(
      `Content (first 2000 characters): ${JSON.stringify(content.slice(0, 2_000))}`,
    );
  });

  it.each([
    ["an absolute path", "/etc/passwd", /absolute/],
    ["a .. escape", "../outside.txt", /outside the sandbox/],
    ["a nested .. escape", "a/../../outside.txt", /outside the sandbox/],
  ])("write_file refuses %s", async (_label, requested, message) => {
    const result = await call("write_file", { path: requested, content: "x" });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
  });

  it("write_file refuses symlink escapes", async () => {
    await call("write_file", { path: "seed.txt", content: "seed" });
    await symlink(root, path.join(sandboxDir, "escape"));
    await symlink(path.join(root, "target.txt"), path.join(sandboxDir, "link.txt"));
    const throughFolder = await call("write_file", { path: "escape/evil.txt", content: "x" });
    const throughFile = await call("write_file", { path: "link.txt", content: "x" });
    expect(throughFolder).toMatchObject({ isError: true });
    expect(throughFolder.text).toMatch(/symlink/);
    expect(throughFile).toMatchObject({ isError: true });
    await expect(readFile(path.join(root, "evil.txt"))).rejects.toThrow();
    await expect(readFile(path.join(root, "target.txt"))).rejects.toThrow();
  });

  it("execute_sql supports the documented subset", async () => {
    const all = await call("execute_sql", { query: "SELECT * FROM notes" });
    expect(all.text).toContain("3 row(s) selected");
    const inserted = await call("execute_sql", {
      query: "insert into notes (title) values ('It''s done');",
    });
    expect(inserted.text).toContain("It's done");
    const one = await call("execute_sql", { query: "SELECT * FROM notes WHERE id = 4" });
    expect(one.text).toContain("It's done");
    const deletedOld = await call("execute_sql", {
      query: "DELETE FROM notes WHERE created_at < '2025-01-01'",
    });
    expect(deletedOld.text).toContain("2 row(s) deleted");
    const deletedById = await call("execute_sql", { query: "DELETE FROM notes WHERE id = 3" });
    expect(deletedById.text).toContain("1 row(s) deleted");
    const rest = await call("execute_sql", { query: "SELECT * FROM notes" });
    expect(rest.text).toContain("1 row(s) selected");
  });

  it.each([
    ["UPDATE notes SET title = 'x'", /statement "UPDATE"/],
    ["SELECT title FROM notes", /column list "title"/],
    ["SELECT * FROM users", /unknown table "users"/],
    ["DELETE FROM notes", /DELETE without WHERE/],
    ["DELETE FROM notes WHERE title = 'x'", /WHERE clause/],
    ["SELECT * FROM notes; DROP TABLE notes", /several statements/],
  ])("execute_sql refuses %s", async (query, message) => {
    const result = await call("execute_sql", { query });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
    expect(result.text).toContain("Supported:");
  });
});
