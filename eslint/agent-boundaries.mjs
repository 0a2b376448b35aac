/**
 * The agent's layers (apps/agent/src), from the inside out:
 * - the domain: errors/ (the one error table and its OpenAI wire), loop/ (the tool loop, the
 *   ports it drives, models, tools, metrics and tracing, and driveChat, the one way it is run)
 *   and runs/ (background runs: the run store and hub ports, leases, resume, Stop);
 * - stores/: the memory, LMDB and Redis adapters of the run store port;
 * - the adapters of the other ports: llm/ (models), tools/ (MCP servers), hub/ (the hub's REST
 *   API), tracing/ (OpenTelemetry) and metrics/ (Prometheus);
 * - http/: a thin express layer that parses, calls the domain and writes its answer;
 * - the composition root (app.ts, main.ts, env.ts, index.ts), which wires them all.
 * Every arrow points inwards. The domain stays free of frameworks and drivers so it can be
 * read and tested alone; an adapter knows the domain and its own library, never another
 * adapter; HTTP knows the domain and nothing it is wired to. Tests beside the code may wire
 * adapters around what they test, so the rules apply to the code only.
 */

const SRC = "apps/agent/src";
const STORES = "stores";
const ADAPTERS = ["llm", "tools", "hub", "tracing", "metrics"];
const HTTP = "http";

/** An import of one of `folders`, relative from anywhere in the tree below src. */
const intoFolders = (folders) => `^(\\.\\./)+(${folders.join("|")})(/|$)`;

/** Imports of `names`: a package with its subpaths, or every package of a scope ending in /. */
const packages = (names) => {
  const alternatives = names.map((name) => {
    const escaped = name.replaceAll(".", "\\.");
    return name.endsWith("/") ? `${escaped}.+` : `${escaped}(/.*)?`;
  });
  return `^(${alternatives.join("|")})$`;
};

const COMPOSITION = {
  regex: "^(\\.\\./)+(app|main|env|index)$",
  message:
    "the composition root wires the layers and imports them all; a layer never imports it back.",
};

/** One layer: its folders, what they must not import (folders and packages), and why. */
function layer({ folders, forbiddenFolders, forbiddenPackages, why }) {
  return {
    files: folders.map((folder) => `${SRC}/${folder}/**/*.ts`),
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: intoFolders(forbiddenFolders), message: why },
            { regex: packages(forbiddenPackages), message: why },
            COMPOSITION,
          ],
        },
      ],
    },
  };
}

const DRIVERS = [
  "ioredis",
  "lmdb",
  "openai",
  "prom-client",
  "@opentelemetry/",
  "@modelcontextprotocol/",
];

export const agentBoundaries = [
  layer({
    folders: ["errors", "loop", "runs"],
    forbiddenFolders: [STORES, ...ADAPTERS, HTTP],
    forbiddenPackages: [
      "express",
      "http",
      "https",
      "node:http",
      "node:https",
      "@inquiry-hub/redis-topology",
      "@inquiry-hub/telemetry",
      ...DRIVERS,
    ],
    why: "the agent's domain (errors, loop, runs) knows no store, adapter, HTTP or driver: declare a port in the domain and implement it outside.",
  }),
  layer({
    folders: [STORES],
    forbiddenFolders: [...ADAPTERS, HTTP],
    forbiddenPackages: [
      "express",
      "openai",
      "prom-client",
      "@opentelemetry/",
      "@modelcontextprotocol/",
    ],
    why: "a run store implements the domain's RunStore port with its own database and knows no other adapter nor HTTP.",
  }),
  ...ADAPTERS.map((adapter) =>
    layer({
      folders: [adapter],
      forbiddenFolders: [STORES, HTTP, ...ADAPTERS.filter((other) => other !== adapter)],
      forbiddenPackages: ["express", "ioredis", "lmdb"],
      why: `the ${adapter} adapter implements a domain port with its own library; it meets the other adapters, the stores and HTTP only in the composition root.`,
    }),
  ),
  layer({
    folders: [HTTP],
    forbiddenFolders: [STORES, ...ADAPTERS],
    forbiddenPackages: ["@inquiry-hub/redis-topology", ...DRIVERS],
    why: "the HTTP layer is thin: it parses, calls the domain and writes the answer; stores and adapters reach it only through the domain's ports.",
  }),
];
