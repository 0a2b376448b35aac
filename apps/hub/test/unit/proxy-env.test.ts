import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";

const EXAMPLE = fileURLToPath(new URL("../../../../config/proxy.example.json", import.meta.url));

describe("PROXY_CONFIG_PATH", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("is opt-in: unset or empty means no proxy", () => {
    expect(loadConfig({}).proxy).toBeUndefined();
    expect(loadConfig({ PROXY_CONFIG_PATH: "" }).proxy).toBeUndefined();
  });

  it("loads the repository's example, wired to demo-tools", () => {
    const proxy = loadConfig({ PROXY_CONFIG_PATH: EXAMPLE }).proxy;
    expect(Object.keys(proxy?.upstreams ?? {})).toEqual(["demo"]);
  });

  it("refuses to start on a bad key, naming it", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "proxy-env-"));
    const file = path.join(dir, "proxy.json");
    await writeFile(
      file,
      JSON.stringify({
        upstreams: { demo: { url: "http://127.0.0.1:1/mcp", tools: { write_file: { when: 3 } } } },
      }),
    );
    expect(() => loadConfig({ PROXY_CONFIG_PATH: file })).toThrow(
      /^invalid hub configuration: PROXY_CONFIG_PATH: invalid proxy config \(.*proxy\.json\): upstreams\.demo\.tools\.write_file\.when: /,
    );
    expect(() => loadConfig({ PROXY_CONFIG_PATH: path.join(dir ?? "", "missing.json") })).toThrow(
      /PROXY_CONFIG_PATH: cannot load proxy config .*missing\.json/,
    );
  });

  it("keeps audit arguments redacted unless HUB_AUDIT_FULL_ARGUMENTS=1", () => {
    expect(loadConfig({}).auditFullArguments).toBe(false);
    expect(loadConfig({ HUB_AUDIT_FULL_ARGUMENTS: "1" }).auditFullArguments).toBe(true);
    expect(() => loadConfig({ HUB_AUDIT_FULL_ARGUMENTS: "yes" })).toThrow(
      /HUB_AUDIT_FULL_ARGUMENTS/,
    );
  });

  it("hands its environment to the proxy config's secret references", () => {
    const proxy = loadConfig({
      PROXY_CONFIG_PATH: EXAMPLE,
      DEMO_TOOLS_TOKEN: "s".repeat(43),
    }).proxy;
    expect(proxy?.upstreams.demo?.connection).toMatchObject({
      headers: { authorization: { kind: "value", value: `Bearer ${"s".repeat(43)}` } },
    });
  });
});
