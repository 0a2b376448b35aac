import { defineConfig } from "vitest/config";

/**
 * `unit` (`src/**`): the environment parsing, in-process. `integration` (`test/**`): the
 * metrics listener and the OTLP export against a stand-in collector, on loopback ports.
 * No file leaves global state behind (each closes what it listens on), so files share a
 * worker instead of paying a fresh one each.
 */
export default defineConfig({
  test: {
    isolate: false,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      { extends: true, test: { name: "integration", include: ["test/**/*.test.ts"] } },
    ],
  },
});
