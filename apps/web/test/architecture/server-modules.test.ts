import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const webRoot = fileURLToPath(new URL("../../", import.meta.url));

/** The modules only the server may run: lib/server, the environment, a feature's server module. */
function serverModules(): string[] {
  const server = readdirSync(path.join(webRoot, "lib/server"))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => path.join("lib/server", name));
  return [...server, "lib/env.ts", "features/webhook/decision-preview.ts"];
}

/**
 * Lint keeps browser code from importing lib/server (eslint/web-boundaries.mjs); the build is
 * the second wall: every server module opens with `import "server-only"`, whose browser build
 * throws, so Next refuses a client bundle that reached one whatever the import path.
 */
describe("architecture: server modules are marked server-only", () => {
  it('opens every server module with import "server-only"', () => {
    const modules = serverModules();
    expect(modules.length).toBeGreaterThan(10);
    const unmarked = modules.filter(
      (file) => !readFileSync(path.join(webRoot, file), "utf8").startsWith('import "server-only";'),
    );
    expect(unmarked).toEqual([]);
  });
});
