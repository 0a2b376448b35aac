import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "esbuild";

const HUB_ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Directly inside a folder of apps/hub, as src/main.ts and dist/main.js are: the hub finds the
 * checkout three levels above its own module (src/repository-root.ts), and node resolves the
 * npm packages the bundle leaves external from here. node_modules/ keeps it out of git and
 * apart from dist/main.js, which `npm start` and the e2e runs start.
 */
const BUNDLE = path.join(HUB_ROOT, "node_modules", ".hub-under-test.js");

/** Bundles the workspace packages (they export TypeScript source) and nothing else. */
const externalNpmPackages: Plugin = {
  name: "external-npm-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === "entry-point" || args.path.startsWith("@inquiry-hub/")
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

let bundled: Promise<string> | undefined;

/**
 * The path of `src/main.ts` bundled into one file from the current sources, built at the
 * first call in this test process. Tests that start the hub as a child process (a node to
 * kill, a restart, a refused configuration) run `node <this>`: it listens in a third of the
 * time `node --import tsx src/main.ts` takes to compile the sources, which is over ten
 * seconds per start on a loaded two-core machine.
 */
export function hubBundle(): Promise<string> {
  bundled ??= bundleHub();
  return bundled;
}

async function bundleHub(): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [path.join(HUB_ROOT, "src/main.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    write: false,
    plugins: [externalNpmPackages],
    logLevel: "silent",
  });
  const [output] = outputFiles;
  if (output === undefined) throw new Error("esbuild wrote no bundle of src/main.ts");
  // Written aside and renamed, so a test process bundling at the same time never starts a
  // half-written file.
  const partial = `${BUNDLE}.${process.pid}`;
  mkdirSync(path.dirname(BUNDLE), { recursive: true });
  writeFileSync(partial, output.contents);
  renameSync(partial, BUNDLE);
  return BUNDLE;
}
