import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Three tiers, each a project (`npm run test:unit|test:integration|test:cluster`):
 *
 * - `unit` (`src/**`, `test/architecture/**`): in-process only, no listening server, no child
 *   process. The architecture tests lint made-up files against the layer rules.
 * - `integration` (`test/**`): the real hub, demo-tools and agent on loopback ports, embedded
 *   stores and a single redis-server a test starts.
 * - `cluster` (`test/cluster/**`): a Redis Cluster of six redis-servers.
 *
 * Every file starts its own servers on port 0 and its stores in fresh temp folders and closes
 * them in afterAll, so files share a worker (`isolate: false`): the hub and the agent are
 * imported once per worker instead of once per file, which was half of the run.
 */
export default defineConfig({
  test: {
    // As in the hub: these tests run real servers and redis-servers beside the rest of
    // `npm test` on two cores, where a run resumed on a second agent took over 5 s once.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    isolate: false,
    // Whatever a test starts keeps its state in a temp folder, never in the person's home.
    env: { INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data") },
    projects: [
      {
        extends: true,
        // test/unit/: in-process tests that span folders (a loop error made from the model's
        // upstream error, a run executed over the memory store), which a test beside the
        // code would turn into an import loop between its folder and the other.
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "test/unit/**/*.test.ts", "test/architecture/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          exclude: ["test/unit/**", "test/architecture/**", "test/cluster/**"],
        },
      },
      { extends: true, test: { name: "cluster", include: ["test/cluster/**/*.test.ts"] } },
    ],
  },
});
