import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/**
 * The layer rule lives in the repository's eslint.config.mjs; these tests lint made-up files
 * through ESLint's own API with that config, so they fail if the rule is dropped, loosened or
 * stops matching the folder it guards. The fixtures exist only in memory, which the project
 * service cannot type, so type information is off and only the layer rule runs.
 */
describe("architecture: core imports no framework, infra or transport", () => {
  let eslint: ESLint;
  // Loading the config imports typescript-eslint and TypeScript: seconds of CPU, which a loaded
  // machine stretches past a test's budget, so it happens here once, with a budget of its own.
  beforeAll(async () => {
    eslint = new ESLint({
      cwd: repoRoot,
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
      ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports",
    });
    await eslint.calculateConfigForFile(path.join(repoRoot, "apps/hub/src/main.ts"));
  }, 90_000);

  /** What ESLint reports for `code` linted as if it were the file at `filePath`. */
  async function lint(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
    if (result === undefined) throw new Error(`ESLint returned no result for ${filePath}`);
    return result.messages.map((message) => `${message.ruleId ?? "fatal"}: ${message.message}`);
  }

  it("refuses express in a core file, saying why", async () => {
    const messages = await lint(
      'import express from "express";\n\nexport const router = express.Router();\n',
      "apps/hub/src/core/layer-fixture.ts",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("no-restricted-imports: 'express' import is restricted");
    expect(messages[0]).toContain("core stays free of frameworks");
  });

  it("refuses a relative import into transport/", async () => {
    const messages = await lint(
      'import { parseInput } from "../transport/http/validate";\n\nexport const parse = parseInput;\n',
      "apps/hub/src/core/layer-fixture.ts",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(
      "no-restricted-imports: '../transport/http/validate' import is restricted",
    );
    expect(messages[0]).toContain("core must not depend on outer layers");
  });

  it("refuses infra from a nested core folder and the MCP SDK by subpath", async () => {
    const messages = await lint(
      [
        'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'import { createMemoryInquiryStore } from "../../infra/memory/memory-inquiry-store";',
        "",
        "export type Server = McpServer;",
        "export const createStore = createMemoryInquiryStore;",
        "",
      ].join("\n"),
      "apps/hub/src/core/inquiries/layer-fixture.ts",
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain(
      "no-restricted-imports: '@modelcontextprotocol/sdk/server/mcp.js' import is restricted",
    );
    expect(messages[1]).toContain(
      "no-restricted-imports: '../../infra/memory/memory-inquiry-store' import is restricted",
    );
  });

  it("passes a core file that imports only core and the protocol", async () => {
    const code = [
      'import type { Inquiry } from "@inquiry-hub/protocol";',
      'import { HubError } from "./errors";',
      "",
      "/** Refuses an inquiry that is no longer pending. */",
      "export function requirePending(inquiry: Inquiry): Inquiry {",
      '  if (inquiry.status !== "pending") throw new HubError("CONFLICT", "already resolved");',
      "  return inquiry;",
      "}",
      "",
    ].join("\n");
    expect(await lint(code, "apps/hub/src/core/layer-fixture.ts")).toEqual([]);
  });

  it("leaves express alone outside core", async () => {
    const messages = await lint(
      'import express from "express";\n\nexport const router = express.Router();\n',
      "apps/hub/src/transport/http/layer-fixture.ts",
    );
    expect(messages).toEqual([]);
  });
});
