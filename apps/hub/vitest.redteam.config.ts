import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:redteam`: only the red-team suite, at REDTEAM_SCALE=full (set by the script).
 * `npm test` runs the same files at the small scale through the default config.
 */
export default defineConfig({
  test: {
    include: ["test/redteam/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Whatever a test starts keeps its state in a temp folder, never in the person's home.
    env: { INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data") },
  },
});
