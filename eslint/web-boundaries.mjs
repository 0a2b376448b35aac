import { readdirSync } from "node:fs";

/**
 * The web app's folder rules (apps/web), in ESLint's own `no-restricted-imports`: a handful of
 * import-path patterns say everything these rules need, so no plugin is added for them.
 *
 * - A feature (`features/<name>/`) shows the others one face, its `index.ts`: another feature
 *   imports `@/features/<name>`, never a file inside it, and never climbs out with `../`.
 *   Together with the feature-graph test (apps/web/test/architecture) this keeps the features
 *   a graph without loops: what one exports is a decision, not an accident of its file names.
 * - A feature imports its own files relatively; its own index would be a loop through itself.
 * - Pages, layouts and the rest of the app reach features through the same faces; route
 *   handlers (`app/api/`) import no feature at all: they answer on the server without React,
 *   build on `lib/`, and a feature's face would bring its components along. `lib/` (what
 *   every feature builds on) imports no feature and no route.
 * - `lib/server/` holds what only the server may run (the hub and agent calls, the session
 *   cookies, the relay), each module marked `import "server-only"`, so Next refuses to build a
 *   browser bundle that reaches one; `lib/client/` holds the browser's side (the client of the
 *   app's own /api routes, query keys). Browser code (features, lib/client, the shared rest of
 *   lib/) imports no server module, which lint says at the import instead of at the build;
 *   server code does not use the browser's client. `lib/env.ts` is a server module too.
 *
 * Flat config replaces a rule's options file group by file group, so each group below carries
 * its whole list of patterns.
 */

/** Every feature folder, read from disk, so a new folder is guarded the day it appears. */
const webFeatures = readdirSync(new URL("../apps/web/features/", import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const deepFeatureImport = {
  regex: "^@/features/[^/]+/",
  message:
    "import another feature through its public face, `@/features/<name>` (its index.ts), never a file inside it.",
};

const climbOutOfFeature = {
  regex: "^\\.\\./",
  message:
    "a feature leaves its folder only by alias: another feature through `@/features/<name>`, shared code through `@/lib/…`.",
};

/** @param {string} name */
function ownIndex(name) {
  return {
    regex: `^@/features/${name}$`,
    message:
      "a feature imports its own files relatively (./file): its index.ts is the face it shows the others, and importing it from inside makes a loop.",
  };
}

const serverModule = {
  regex: "^(@/lib/|(\\.\\.?/)+)(server/|env$)",
  message:
    "browser code imports no server module (hub calls, session cookies, the environment): ask the web app's own /api routes through lib/client instead.",
};

const clientModule = {
  regex: "^(@/lib/|(\\.\\./)+)client/",
  message:
    "server code does not use the browser's client of the app's own routes: call the hub through lib/server.",
};

/**
 * The feature modules a server page renders with, marked `import "server-only"` themselves:
 * the only feature files that may import lib/server.
 */
const featureServerModules = ["webhook/decision-preview.ts"];

const featureFromRoute = {
  regex: "^@/features(/|$)",
  message:
    "a route handler answers on the server without React: it builds on lib/ (move what it shares with a feature there), never on a feature.",
};

const featureOrRoute = {
  regex: "^@/(features|app)(/|$)",
  message:
    "lib/ is what features and routes build on: it imports neither, or the layers would loop.",
};

/** @param {Array<{ regex: string; message: string }>} patterns */
function restrict(patterns) {
  return { "no-restricted-imports": ["error", { patterns }] };
}

export const webBoundaries = [
  ...webFeatures.map((name) => ({
    files: [`apps/web/features/${name}/**/*.{ts,tsx}`],
    rules: restrict([deepFeatureImport, climbOutOfFeature, ownIndex(name), serverModule]),
  })),
  ...featureServerModules.map((file) => ({
    files: [`apps/web/features/${file}`],
    rules: restrict([deepFeatureImport, climbOutOfFeature, ownIndex(file.split("/")[0])]),
  })),
  {
    files: ["apps/web/app/**/*.{ts,tsx}", "apps/web/test/**/*.{ts,tsx}", "apps/web/*.{ts,tsx}"],
    rules: restrict([deepFeatureImport]),
  },
  {
    files: ["apps/web/app/api/**/*.{ts,tsx}"],
    rules: restrict([featureFromRoute]),
  },
  {
    files: ["apps/web/lib/**/*.{ts,tsx}"],
    rules: restrict([featureOrRoute, serverModule]),
  },
  {
    files: ["apps/web/lib/server/**/*.{ts,tsx}", "apps/web/lib/env.ts", "apps/web/lib/env.test.ts"],
    rules: restrict([featureOrRoute, clientModule]),
  },
];
