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
  },
});
