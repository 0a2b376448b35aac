import { fileURLToPath } from "node:url";
import { loadBoundaryLinter } from "@inquiry-hub/test-kit/boundary-lint";
import type { BoundaryLinter } from "@inquiry-hub/test-kit/boundary-lint";
import { findLoops, readImportGraph } from "@inquiry-hub/test-kit/import-graph";
import { beforeAll, describe, expect, it } from "vitest";

const srcDir = fileURLToPath(new URL("../../src/", import.meta.url));

/**
 * The agent's layer rules live in eslint/agent-boundaries.mjs; each case lints a made-up file
 * with the repository's config as if it stood at `file`, so a rule that is dropped, loosened
 * or no longer matches its folder fails here.
 */
describe("architecture: the agent's layers import inwards only", () => {
  let linter: BoundaryLinter;
  beforeAll(async () => {
    linter = await loadBoundaryLinter("apps/agent/src/app.ts");
  }, 90_000);

  it.each([
    {
      layer: "the domain",
      file: "apps/agent/src/runs/layer-fixture.ts",
      importLine: 'import { createMemoryRunStore as imported } from "../stores/memory-run-store";',
      why: "the agent's domain (errors, loop, runs) knows no store",
    },
    {
      layer: "the domain",
      file: "apps/agent/src/loop/layer-fixture.ts",
      importLine: 'import { Client as imported } from "@modelcontextprotocol/client";',
      why: "declare a port in the domain and implement it outside",
    },
    {
      layer: "the domain",
      file: "apps/agent/src/errors/layer-fixture.ts",
      importLine: 'import { sendOpenAiError as imported } from "../http/openai-error";',
      why: "knows no store, adapter, HTTP or driver",
    },
    {
      layer: "HTTP",
      file: "apps/agent/src/http/layer-fixture.ts",
      importLine: 'import { openToolBox as imported } from "../tools/mcp-tool-box";',
      why: "the HTTP layer is thin",
    },
    {
      layer: "a store",
      file: "apps/agent/src/stores/redis/layer-fixture.ts",
      importLine: 'import { createOpenAiProvider as imported } from "../../llm/openai-provider";',
      why: "a run store implements the domain's RunStore port",
    },
    {
      layer: "an adapter",
      file: "apps/agent/src/tools/layer-fixture.ts",
      importLine: 'import { createRunTracer as imported } from "../tracing/run-tracing";',
      why: "the tools adapter implements a domain port",
    },
    {
      layer: "an adapter",
      file: "apps/agent/src/llm/layer-fixture.ts",
      importLine: 'import { createAgentServer as imported } from "../app";',
      why: "a layer never imports it back",
    },
  ])("refuses $layer importing past its layer: $importLine", async ({ file, importLine, why }) => {
    const messages = await linter.lintImport(importLine, file);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^no-restricted-imports: '.+' import is restricted/);
    expect(messages[0]).toContain(why);
  });

  it.each([
    {
      file: "apps/agent/src/runs/layer-fixture.ts",
      importLine: 'import { driveChat as imported } from "../loop/drive-chat";',
    },
    {
      file: "apps/agent/src/stores/lmdb/layer-fixture.ts",
      importLine: 'import type { RunStore as imported } from "../../runs/ports";',
    },
    {
      file: "apps/agent/src/http/layer-fixture.ts",
      importLine: 'import { answerChat as imported } from "../loop/answer-chat";',
    },
    {
      file: "apps/agent/src/app-fixture.ts",
      importLine:
        'import { createRedisRunStore as imported } from "./stores/redis/redis-run-store";',
    },
  ])("lets $file import inwards: $importLine", async ({ file, importLine }) => {
    expect(await linter.lintImport(importLine, file)).toEqual([]);
  });

  it("has folders that import each other without a loop, the tests beside the code included", () => {
    const graph = readImportGraph({
      root: srcDir,
      partOf: (file) => (file.includes("/") ? file.split("/")[0] : file.replace(/\.ts$/, "")),
    });
    expect(graph.get("runs")?.has("loop")).toBe(true);
    expect(findLoops(graph)).toEqual([]);
  });
});
