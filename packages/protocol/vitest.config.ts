import { defineConfig } from "vitest/config";

/**
 * One tier, `unit`: in-process tests that leave no global state behind, so files share a
 * worker instead of paying a fresh one each.
 */
export default defineConfig({
  test: {
    isolate: false,
    projects: [{ extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } }],
  },
});
