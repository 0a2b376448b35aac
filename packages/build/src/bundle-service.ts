/**
 * `npm run build` of a service (apps/hub, apps/agent, apps/demo-tools): bundles the
 * workspace's `src/main.ts` into `dist/main.js`, which `npm start` runs with plain
 * `node --enable-source-maps`.
 *
 * Why a bundle and not `tsc` output: the sources import each other without `.js` extensions
 * and the workspace packages (`@inquiry-hub/*`) export TypeScript source, neither of which
 * node's ESM loader accepts. Bundling the workspace packages in, and leaving every npm
 * package external (node resolves those from node_modules as usual), gives one file that
 * runs anywhere the repository is installed, while tsx, vitest and Next keep reading the
 * same source untouched. Type-checking stays with `npm run typecheck` (tsc, no emit).
 *
 * `dist/main.js` sits at the same depth as `src/*.ts`, so code that finds the repository from
 * `import.meta.url` (demo-tools' default token file and sandbox) resolves the same path
 * from either.
 */
import { build } from "esbuild";
import type { Plugin } from "esbuild";

/** Workspace packages ship TypeScript source: they are bundled, everything else is not. */
const WORKSPACE_SCOPE = "@inquiry-hub/";

/** Marks every bare import (npm packages, `node:` built-ins) external except the workspace's. */
const externalNpmPackages: Plugin = {
  name: "external-npm-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === "entry-point" || args.path.startsWith(WORKSPACE_SCOPE)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

try {
  await build({
    entryPoints: ["src/main.ts"],
    outfile: "dist/main.js",
    bundle: true,
    platform: "node",
    format: "esm",
    // Below the Node 24 the services run on (docs/guide/getting-started.md, "The runtime"), so a
    // bundle never needs syntax newer than Node 20.19 parses.
    target: "node20.19",
    sourcemap: true,
    plugins: [externalNpmPackages],
    logLevel: "info",
  });
} catch {
  // esbuild has already printed every error with its source location; a stack adds nothing.
  process.exit(1);
}
