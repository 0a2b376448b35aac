import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { findLoops, readImportGraph } from "@inquiry-hub/test-kit/import-graph";
import type { ImportGraph } from "@inquiry-hub/test-kit/import-graph";

const featuresDir = fileURLToPath(new URL("../../features/", import.meta.url));

/**
 * Which feature folders each feature imports, read from the code (tests included), whether an
 * import is written by alias or relatively: a path under the features folder belongs to the
 * folder it starts with.
 */
function readFeatureGraph(root: string): ImportGraph {
  return readImportGraph({
    root,
    partOf: (file) => file.split("/")[0],
    aliases: { "@/features/": root },
  });
}

/**
 * The features of the web app form layers: following imports from one feature folder never
 * leads back to it. ESLint keeps each import on a feature's public face; this keeps the faces
 * from importing one another in a circle, which madge (file cycles) cannot see when the
 * files involved differ.
 */
describe("architecture: the web app's feature folders", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "web-features-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A made-up features folder: each path relative to it, with its text. */
  function features(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(scratch, "features-"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  it("each shows the others one face, its index.ts", () => {
    const folders = readdirSync(featuresDir, { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    expect(folders.length).toBeGreaterThan(0);
    const faceless = folders
      .filter((folder) => !existsSync(path.join(featuresDir, folder.name, "index.ts")))
      .map((folder) => folder.name);
    expect(faceless).toEqual([]);
  });

  it("import each other without a loop", () => {
    const graph = readFeatureGraph(featuresDir);
    expect(graph.get("chat")?.has("live")).toBe(true);
    expect(findLoops(graph)).toEqual([]);
  });

  it("are read whichever way an import is written, so a loop cannot hide", () => {
    const root = features({
      "inbox/index.ts": 'export { InboxView } from "./inbox-view";\n',
      "inbox/inbox-view.tsx": 'import { useLive } from "@/features/live";\n',
      "live/index.ts": 'export { useLive } from "./use-live";\n',
      "live/use-live.ts":
        'import type { Card } from "../inbox/card";\nimport "../inbox/inbox.css";\n',
      "chat/chat-view.tsx": 'const view = import("@/features/inbox");\n',
    });
    const graph = readFeatureGraph(root);
    expect(graph.get("live")).toEqual(new Set(["inbox"]));
    expect(graph.get("chat")).toEqual(new Set(["inbox"]));
    expect(findLoops(graph)).toEqual([["inbox", "live"]]);
  });

  it("finds every loop, however long, and none in layers", () => {
    const graph = new Map([
      ["approval", new Set(["inquiry"])],
      ["inquiry", new Set(["receipts"])],
      ["receipts", new Set(["approval", "i18n"])],
      ["inbox", new Set(["live", "approval"])],
      ["live", new Set(["inbox"])],
      ["i18n", new Set<string>()],
    ]);
    expect(findLoops(graph)).toEqual([
      ["approval", "inquiry", "receipts"],
      ["inbox", "live"],
    ]);
    const layers = new Map([
      ["chat", new Set(["inbox", "i18n"])],
      ["inbox", new Set(["i18n"])],
      ["i18n", new Set<string>()],
    ]);
    expect(findLoops(layers)).toEqual([]);
  });
});
