import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

/** The repository's root, where eslint.config.mjs and the boundary rules it spreads live. */
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Lints made-up files against the repository's import rules. */
export interface BoundaryLinter {
  /**
   * What ESLint reports for `code` linted as if it stood at `file` (a path from the repository
   * root), each message as "rule: text".
   */
  lint(code: string, file: string): Promise<string[]>;
  /**
   * The same for a file holding one import line, which binds `imported` (the file uses it, so
   * only the import itself can draw a message): `import { x as imported } from "../y";`.
   */
  lintImport(importLine: string, file: string): Promise<string[]>;
}

/**
 * The folder rules of the apps live in eslint/*-boundaries.mjs, spread into the repository's
 * ESLint config. An architecture test lints made-up files through ESLint's Node API with that
 * config, so it fails if a rule is dropped, loosened or stops matching the folder it guards.
 * The files exist only in memory, where the project service cannot type them, so type
 * information is off and only `no-restricted-imports` runs.
 *
 * Loading the config imports typescript-eslint and TypeScript: seconds of CPU, which a loaded
 * machine stretches past a test's budget, so call this once in a `beforeAll` with a budget of
 * its own. `warmFile` is any real file of the app under test.
 */
export async function loadBoundaryLinter(warmFile: string): Promise<BoundaryLinter> {
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports",
  });
  await eslint.calculateConfigForFile(path.join(REPO_ROOT, warmFile));
  const lint = async (code: string, file: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
    if (result === undefined) throw new Error(`ESLint returned no result for ${file}`);
    return result.messages.map((message) => `${message.ruleId ?? "fatal"}: ${message.message}`);
  };
  return {
    lint,
    lintImport: (importLine, file) =>
      lint(`${importLine}\n\nexport const used = imported;\n`, file),
  };
}
