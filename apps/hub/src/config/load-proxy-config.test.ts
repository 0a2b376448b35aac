import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dataPath } from "@inquiry-hub/logging";
import { afterAll, describe, expect, it } from "vitest";
import { SQL_WRITING_KINDS } from "../features/approvals/sql-kinds";
import { loadProxyConfig, parseProxyConfig } from "./load-proxy-config";

const EXAMPLE = fileURLToPath(new URL("../../../../config/proxy.example.json", import.meta.url));

function withTools(tools: unknown): unknown {
  return { upstreams: { demo: { url: "http://127.0.0.1:4200/mcp", tools } } };
}

describe("loadProxyConfig", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("accepts the documented example and normalizes it", () => {
    const config = loadProxyConfig(EXAMPLE);
    const demo = config.upstreams.demo;
    expect(demo?.connection).toEqual({
      kind: "http",
      url: new URL("http://127.0.0.1:4200/mcp"),
      headers: {
        authorization: {
          kind: "file",
          path: dataPath("demoToolsToken", {}),
          prefix: "Bearer ",
        },
      },
    });
    expect(demo?.tools.get_weather).toEqual({ gate: false });
    expect(demo?.tools.write_file).toMatchObject({
      gate: true,
      allowedDecisions: ["approve", "edit", "reject"],
      onTimeout: "reject",
      allow: [{ kind: "glob", arg: "path", patterns: ["scratch/**"] }],
    });
    expect(demo?.tools.execute_sql).toMatchObject({
      when: [{ kind: "sql", arg: "query", statements: [...SQL_WRITING_KINDS] }],
    });
    expect(demo?.defaultPolicy).toMatchObject({ gate: true, onTimeout: "reject" });
    expect(demo?.timeoutMs).toBe(30_000);
  });

  it("takes a header secret from the environment when set, else from the file", () => {
    const config = loadProxyConfig(EXAMPLE, { DEMO_TOOLS_TOKEN: "t".repeat(40) });
    expect(config.upstreams.demo?.connection).toMatchObject({
      headers: { authorization: { kind: "value", value: `Bearer ${"t".repeat(40)}` } },
    });
  });

  it("refuses a header secret whose variable is unset and that has no file", () => {
    const input = {
      upstreams: {
        demo: {
          url: "http://127.0.0.1:4200/mcp",
          headers: { authorization: { prefix: "Bearer ", env: "NOT_SET_ANYWHERE" } },
        },
      },
    };
    expect(() => parseProxyConfig(input)).toThrow(
      /upstreams\.demo\.headers\.authorization: environment variable NOT_SET_ANYWHERE is not set and no file is given/,
    );
  });

  it("finds a ${DATA_DIR}/ secret file in the hub's data directory, never in the checkout", () => {
    const config = loadProxyConfig(EXAMPLE, { INQUIRY_HUB_DATA_DIR: "/srv/inquiry-hub" });
    expect(config.upstreams.demo?.connection).toMatchObject({
      headers: { authorization: { kind: "file", path: "/srv/inquiry-hub/demo-tools-token" } },
    });
  });

  it.each([
    ["another placeholder", "${HOME}/token", "the only placeholder is ${DATA_DIR}, at the start"],
    ["a placeholder further in", "../${DATA_DIR}/token", "the only placeholder is ${DATA_DIR}"],
    ["a bare placeholder", "${DATA_DIR}", "the only placeholder is ${DATA_DIR}"],
  ])("refuses a secret file with %s", (_, file, message) => {
    const input = {
      upstreams: {
        demo: { url: "http://127.0.0.1:4200/mcp", headers: { authorization: { file } } },
      },
    };
    expect(() => parseProxyConfig(input)).toThrow(message);
  });

  it("refuses ${DATA_DIR} when INQUIRY_HUB_DATA_DIR is not absolute, naming the variable", () => {
    expect(() => loadProxyConfig(EXAMPLE, { INQUIRY_HUB_DATA_DIR: "state" })).toThrow(
      /upstreams\.demo\.headers\.authorization: INQUIRY_HUB_DATA_DIR must be an absolute path/,
    );
  });

  it("gates tools the config does not name unless it says default: false (fail closed)", () => {
    const silent = parseProxyConfig(withTools({ get_weather: false })).upstreams.demo;
    expect(silent?.defaultPolicy).toMatchObject({ gate: true, allow: [], onTimeout: "reject" });
    const open = parseProxyConfig({
      upstreams: { demo: { url: "http://127.0.0.1:4200/mcp", default: false } },
    }).upstreams.demo;
    expect(open?.defaultPolicy).toEqual({ gate: false });
  });

  it("bounds upstream connections, per user never above the total", () => {
    const defaults = parseProxyConfig(withTools({})).upstreams.demo;
    expect(defaults).toMatchObject({ maxConnections: 64, maxConnectionsPerUser: 8 });
    const small = parseProxyConfig({
      upstreams: { demo: { url: "http://127.0.0.1:4200/mcp", max_connections: 2 } },
    }).upstreams.demo;
    expect(small).toMatchObject({ maxConnections: 2, maxConnectionsPerUser: 2 });
  });

  it("names an unreadable file and malformed JSON", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "proxy-config-"));
    dirs.push(dir);
    const broken = path.join(dir, "broken.json");
    await writeFile(broken, "{ upstreams: ");
    expect(() => loadProxyConfig(broken)).toThrow(/cannot load proxy config .*broken\.json/);
    expect(() => loadProxyConfig(path.join(dir, "missing.json"))).toThrow(/ENOENT/);
  });

  it.each([
    [
      "a condition with two kinds",
      withTools({ write_file: { when: [{ arg: "path", glob: "a/*", gt: 1 }] } }),
      "upstreams.demo.tools.write_file.when.0: a condition needs exactly one of",
    ],
    [
      "an unknown SQL kind",
      withTools({ execute_sql: { when: [{ arg: "query", sql: ["delet"] }] } }),
      "upstreams.demo.tools.execute_sql.when.0.sql.0: Invalid option",
    ],
    [
      "an unknown decision",
      withTools({ write_file: { allowed_decisions: ["approve", "maybe"] } }),
      "upstreams.demo.tools.write_file.allowed_decisions.1: Invalid option",
    ],
    [
      "a misspelled key",
      withTools({ write_file: { on_timout: "approve" } }),
      'upstreams.demo.tools.write_file: Unrecognized key: "on_timout"',
    ],
    [
      "a policy of the wrong type",
      withTools({ write_file: "yes" }),
      "upstreams.demo.tools.write_file: expected boolean or object",
    ],
    [
      "an unknown placeholder",
      withTools({ write_file: { description: "Write {args.path} as {user}?" } }),
      "upstreams.demo.tools.write_file.description: unknown placeholder {user}",
    ],
    [
      "both url and command",
      { upstreams: { demo: { url: "http://x/mcp", command: "node" } } },
      "upstreams.demo: give exactly one of url or command",
    ],
    [
      "stdio options without a command",
      { upstreams: { demo: { url: "http://x/mcp", args: ["a"] } } },
      "upstreams.demo.args: needs a command",
    ],
    [
      "a bad upstream name",
      { upstreams: { "de mo": { url: "http://x/mcp" } } },
      "upstreams.de mo: names are letters",
    ],
    [
      "a non-http url",
      { upstreams: { demo: { url: "file:///etc/passwd" } } },
      "upstreams.demo.url:",
    ],
  ])("rejects %s and names the key", (_label, input, expected) => {
    expect(() => parseProxyConfig(input)).toThrow(expected);
  });

  it("normalizes a stdio upstream with a default policy", () => {
    const config = parseProxyConfig({
      upstreams: { local: { command: "node", args: ["server.js"], default: true } },
    });
    expect(config.upstreams.local).toMatchObject({
      connection: { kind: "stdio", command: "node", args: ["server.js"] },
      defaultPolicy: { gate: true, onTimeout: "reject" },
      timeoutMs: 60_000,
      descriptionPrefix: "Tool execution requires approval",
    });
  });
});
