import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: only the trust suite, at RELIABILITY_SCALE=full (set by the
 * script). Files run one at a time so the figures are not skewed by each other's load.
 */
export default defineConfig({
  test: {
    include: ["test/reliability/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Whatever a test starts keeps its state in a temp folder, never in the person's home.
    env: { INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data") },
  },
});
