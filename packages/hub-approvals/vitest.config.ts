import { defineConfig } from "vitest/config";

/**
 * `unit` (`src/**`): the wording of a decision, in-process. `integration` (`test/**`): the
 * client against a real hub and a person's phone on loopback. Files share a worker: each
 * closes the hub it starts.
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    isolate: false,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      { extends: true, test: { name: "integration", include: ["test/**/*.test.ts"] } },
    ],
  },
});
