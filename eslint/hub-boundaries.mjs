import { readdirSync } from "node:fs";

/**
 * The hub's folder rules (apps/hub/src), in ESLint's own `no-restricted-imports`, as for the
 * web app and the agent: a few import-path patterns say everything, so no plugin is added.
 *
 * - `kernel/` (errors, the logger, clock and limiter ports, retries) imports nothing of the hub
 *   and no framework: everything else builds on it.
 * - `platform/` holds the adapters every feature shares (MCP session plumbing, HTTP helpers,
 *   the Socket.IO types, the Redis connection and key layout, the embedded database, metrics
 *   and rate limiters). It imports the kernel only, never a feature, the config or the
 *   composition root: a platform module that needed a feature would be that feature's code.
 * - `features/<name>/` is one capability of the product, whole: its rules and ports at the top
 *   of the folder, its store adapters in `stores/`, its transports in `http/`, `mcp/`,
 *   `socket/` (and the approvals' `proxy/`, `upstream/`), other adapters in `adapters/`. The
 *   rules and ports import no framework and none of the folder's adapters, as the old core
 *   did: a rule is testable and portable only while it knows no wire, driver or framework.
 * - Features build on one another in one direction only, the order below: a feature imports
 *   only the features listed for it, so the graph of features has no loop and a change to
 *   one touches only what builds on it. No feature imports the config or the composition
 *   root; they hand a feature what it needs.
 *
 * Flat config replaces a rule's options file group by file group, so each group below carries
 * its whole list of patterns.
 */

/** What each feature may build on; every feature folder must be listed here. */
export const FEATURE_DEPENDENCIES = {
  accounts: [],
  settings: ["accounts"],
  conversations: ["accounts"],
  inquiries: ["accounts"],
  teams: ["accounts", "inquiries"],
  receipts: ["accounts", "inquiries"],
  approvals: ["accounts", "inquiries", "teams"],
  history: ["accounts", "inquiries", "approvals"],
  "approval-rules": ["accounts", "inquiries", "approvals"],
  notifications: ["accounts", "inquiries", "teams", "receipts", "history"],
  "agent-mcp": ["accounts", "inquiries", "approvals"],
  audit: ["accounts", "approvals"],
  digest: ["accounts", "history", "notifications"],
};

/** Every feature folder, read from disk, so a new folder is guarded the day it appears. */
const hubFeatures = readdirSync(new URL("../apps/hub/src/features/", import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const unlisted = hubFeatures.filter((name) => !(name in FEATURE_DEPENDENCIES));
if (unlisted.length > 0) {
  throw new Error(
    `eslint/hub-boundaries.mjs: list what the hub feature(s) ${unlisted.join(", ")} may build on in FEATURE_DEPENDENCIES`,
  );
}

/** The hub's own folders above the kernel, as a relative import from inside src/ names them. */
const outerFolders = (names) => `^(\\.\\./)+(${names.join("|")})(/|$)`;

const frameworks = {
  regex:
    "^(express|socket\\.io(-client)?|ioredis|lmdb|web-push|openai|rate-limiter-flexible|prom-client|(node:)?https?)(/.*)?$|^@(socket\\.io|modelcontextprotocol|opentelemetry)/|^@inquiry-hub/telemetry(/|$)",
  message:
    "rules and ports stay free of frameworks, drivers and transports: declare a port here and implement it in an adapter folder (stores/, http/, mcp/, socket/, adapters/).",
};

const kernelUpward = {
  regex: outerFolders(["features", "platform", "composition", "config", "main", "index"]),
  message: "the kernel imports nothing of the hub: everything builds on it, so it would loop.",
};

const platformUpward = {
  regex: outerFolders(["features", "composition", "config", "main", "index"]),
  message:
    "platform adapters serve every feature and import none (nor the config or the composition root): code that needs a feature belongs in that feature.",
};

const featureUpward = {
  regex: outerFolders(["composition", "config", "main", "index"]),
  message:
    "a feature imports neither the config nor the composition root: the composition root hands it what it needs.",
};

const ownAdapters = {
  regex:
    "^\\.\\.?/([a-z-]+/)?(stores|http|mcp|socket|proxy|upstream|adapters)/|^\\.\\./\\.\\./platform/",
  message:
    "rules and ports import no adapter, theirs or another feature's (stores/, http/, mcp/, socket/, proxy/, upstream/, adapters/), and no platform adapter: the adapters implement the ports, not the other way round.",
};

/** @param {string} name */
function laterFeatures(name) {
  const allowed = new Set([name, ...FEATURE_DEPENDENCIES[name]]);
  const forbidden = hubFeatures.filter((other) => !allowed.has(other));
  if (forbidden.length === 0) return [];
  return [
    {
      regex: `^(\\.\\./)+(${forbidden.join("|")})/`,
      message: `the feature "${name}" builds only on ${FEATURE_DEPENDENCIES[name].join(", ") || "the kernel and the platform"} (eslint/hub-boundaries.mjs): features import each other in one direction, so they never loop.`,
    },
  ];
}

/** @param {Array<{ regex: string; message: string }>} patterns */
function restrict(patterns) {
  return { "no-restricted-imports": ["error", { patterns }] };
}

export const hubBoundaries = [
  {
    files: ["apps/hub/src/kernel/**/*.ts"],
    rules: restrict([frameworks, kernelUpward]),
  },
  {
    files: ["apps/hub/src/platform/**/*.ts"],
    rules: restrict([platformUpward]),
  },
  ...hubFeatures.flatMap((name) => [
    {
      files: [`apps/hub/src/features/${name}/**/*.ts`],
      rules: restrict([featureUpward, ...laterFeatures(name)]),
    },
    {
      files: [`apps/hub/src/features/${name}/*.ts`],
      rules: restrict([frameworks, featureUpward, ownAdapters, ...laterFeatures(name)]),
    },
  ]),
];
