import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Three tiers, each a project (`npm run test:unit|test:integration|test:cluster`); `npm test`
 * runs all three.
 *
 * - `unit` (`src/**`, `test/unit/**`, `test/architecture/**`): in-process only, no listening
 *   server, no child process, no database. `test/unit/` holds the in-process tests that span
 *   folders (the environment, the approval policy, the sweeper over a memory store), which a
 *   test beside a feature's rules or a platform adapter may not import.
 * - `integration` (the rest of `test/**`, one folder per feature of `src/features/`, plus
 *   `test/platform/`, `test/clients/` and `test/redteam/`): real hubs on loopback ports with real HTTP, MCP and
 *   Socket.IO clients, upstream MCP servers, the embedded store, and at most one redis-server
 *   and one hub node per test. `test/clients/` and `test/redteam/` run here at their small
 *   default scale (`npm run test:redteam` runs the red team at full scale).
 * - `cluster` (`test/cluster/**`, `test/reliability/**`): several hub nodes on one Redis, Redis
 *   Cluster and Sentinel deployments, HAProxy, nodes killed and Redis stopped or restarted
 *   under load, and the trust suite at its small default scale (`npm run test:reliability`
 *   runs it at full scale).
 */
export default defineConfig({
  test: {
    // Files share a worker instead of importing the hub, the MCP SDKs and Socket.IO again in a
    // fresh one each, which was a third of the run. They can: the hub keeps no module state
    // (each createHub builds its own stores, metrics registry and timers), every file starts
    // its servers on port 0 and its stores in fresh temp folders or under fresh Redis key
    // prefixes and closes them in afterAll, none stubs the environment or globals, and the
    // one that fakes Date restores it after each test.
    isolate: false,
    // These tests run real servers and redis-servers beside the rest of `npm test` on two
    // cores; timers they wait on are configured short, so the limits only bound a hang.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Warnings and errors stay visible; routine info lines (audit, listening) would drown the
    // report. LOG_LEVEL=info (or debug) from the shell still wins.
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Whatever a test starts keeps its state in a temp folder, never in the person's home.
      INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data"),
    },
    projects: [
      {
        extends: true,
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
          exclude: [
            "test/unit/**",
            "test/architecture/**",
            "test/cluster/**",
            "test/reliability/**",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "cluster",
          include: ["test/cluster/**/*.test.ts", "test/reliability/**/*.test.ts"],
        },
      },
    ],
  },
});
