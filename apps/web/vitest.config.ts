import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Unit tests for the pure modules (stream reading, countdown, origin checks, i18n): no DOM
 * needed. `@/` resolves as in tsconfig.json, so tests import modules the way the app does.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    environment: "node",
    include: ["features/**/*.test.ts", "lib/**/*.test.ts"],
  },
});
