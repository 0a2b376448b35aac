import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Warnings and errors stay visible; routine info lines (audit, listening) would drown the
    // report. LOG_LEVEL=info (or debug) from the shell still wins.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  },
});
