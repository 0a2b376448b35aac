import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Warnings and errors stay visible; routine info lines (audit, listening) would drown the
    // report. LOG_LEVEL=info (or debug) from the shell still wins.
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Whatever a test starts keeps its state in a temp folder, never in the person's home.
      INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data"),
    },
  },
});
