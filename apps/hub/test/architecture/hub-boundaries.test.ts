import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadBoundaryLinter } from "@inquiry-hub/test-kit/boundary-lint";
import type { BoundaryLinter } from "@inquiry-hub/test-kit/boundary-lint";
import { findLoops, readImportGraph } from "@inquiry-hub/test-kit/import-graph";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

const srcDir = fileURLToPath(new URL("../../src/", import.meta.url));
const rulesUrl = new URL("../../../../eslint/hub-boundaries.mjs", import.meta.url);
const architecturePage = new URL("../../../../docs/architecture.md", import.meta.url);

/** The part of the hub a file of src/ belongs to: a feature, or a top folder (kernel, …). */
function partOf(file: string): string {
  const [top = "", second = ""] = file.split("/");
  return top === "features" ? `features/${second}` : top.replace(/\.ts$/, "");
}

/** What each feature may build on, as eslint/hub-boundaries.mjs declares it. */
async function declaredFeatureDependencies(): Promise<Record<string, string[]>> {
  const rules: unknown = await import(rulesUrl.href);
  return z.object({ FEATURE_DEPENDENCIES: z.record(z.string(), z.array(z.string())) }).parse(rules)
    .FEATURE_DEPENDENCIES;
}

/** The feature table of docs/architecture.md: each feature folder and what it builds on. */
function drawnFeatureDependencies(): Record<string, string[]> {
  const page = readFileSync(architecturePage, "utf8");
  const rows = [...page.matchAll(/^\|\s*`([a-z-]+)\/`\s*\|([^|]*)\|/gm)];
  return Object.fromEntries(
    rows.map(([, feature = "", buildsOn = ""]) => [
      feature,
      [...buildsOn.matchAll(/`([a-z-]+)`/g)].map(([, name = ""]) => name).sort(),
    ]),
  );
}

/**
 * The hub's folder rules live in eslint/hub-boundaries.mjs. The first cases lint made-up files
 * with the repository's config as if they stood in the hub, so a rule that is dropped,
 * loosened or no longer matches its folder fails here; the last ones read the real code and
 * the architecture page.
 */
describe("architecture: the hub cut along features", () => {
  let linter: BoundaryLinter;
  beforeAll(async () => {
    linter = await loadBoundaryLinter("apps/hub/src/main.ts");
  }, 90_000);

  it.each([
    {
      what: "the kernel importing a feature",
      file: "apps/hub/src/kernel/boundary-fixture.ts",
      line: 'import type { InquiryStore } from "../features/inquiries/ports";',
      why: "the kernel imports nothing of the hub",
    },
    {
      what: "a platform adapter importing a feature",
      file: "apps/hub/src/platform/redis/boundary-fixture.ts",
      line: 'import type { InquiryStore } from "../../features/inquiries/ports";',
      why: "platform adapters serve every feature and import none",
    },
    {
      what: "a feature's rules importing a framework",
      file: "apps/hub/src/features/inquiries/boundary-fixture.ts",
      line: 'import express from "express";',
      why: "rules and ports stay free of frameworks",
    },
    {
      what: "a feature's rules importing its own store adapter",
      file: "apps/hub/src/features/inquiries/boundary-fixture.ts",
      line: 'import { createMemoryInquiryStore } from "./stores/memory-inquiry-store";',
      why: "rules and ports import no adapter",
    },
    {
      what: "a feature's rules importing the platform",
      file: "apps/hub/src/features/receipts/boundary-fixture.ts",
      line: 'import { callRedis } from "../../platform/redis/redis-errors";',
      why: "rules and ports import no adapter",
    },
    {
      what: "a feature importing one that builds on it",
      file: "apps/hub/src/features/inquiries/stores/boundary-fixture.ts",
      line: 'import { createForwardOnce } from "../../approvals/forward-once";',
      why: 'the feature "inquiries" builds only on accounts',
    },
    {
      what: "a feature's transport importing the config",
      file: "apps/hub/src/features/teams/http/boundary-fixture.ts",
      line: 'import type { HubConfig } from "../../../config/hub-config";',
      why: "a feature imports neither the config nor the composition root",
    },
  ])("refuses $what, saying why", async ({ file, line, why }) => {
    const messages = await linter.lint(`${line}\n\nexport const used = [];\n`, file);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("no-restricted-imports");
    expect(messages[0]).toContain(why);
  });

  it("passes an adapter on the platform of a feature building on an earlier one", async () => {
    const code = [
      'import { callRedis } from "../../../platform/redis/redis-errors";',
      'import type { InquiryStore } from "../../inquiries/ports";',
      'import { HubError } from "../../../kernel/errors";',
      "",
      "export const used: [unknown, unknown, InquiryStore?] = [callRedis, HubError];",
      "",
    ].join("\n");
    const file = "apps/hub/src/features/approvals/stores/boundary-fixture.ts";
    expect(await linter.lint(code, file)).toEqual([]);
  });

  it("has no loop between its parts, and every feature folder is declared", async () => {
    const graph = readImportGraph({ root: srcDir, partOf });
    expect(graph.get("features/approvals")?.has("features/inquiries")).toBe(true);
    expect(findLoops(graph)).toEqual([]);
    const declared = await declaredFeatureDependencies();
    const features = [...graph.keys()].filter((part) => part.startsWith("features/")).sort();
    expect(features).toEqual(
      Object.keys(declared)
        .map((name) => `features/${name}`)
        .sort(),
    );
  });

  it("is drawn in docs/architecture.md as the rules declare it", async () => {
    const declared = await declaredFeatureDependencies();
    const sorted = Object.fromEntries(
      Object.entries(declared).map(([feature, needs]) => [feature, [...needs].sort()]),
    );
    expect(drawnFeatureDependencies()).toEqual(sorted);
  });
});
