import { defineConfig } from "vitest/config";

/**
 * `unit` (`src/**`): reading the topology from the environment, in-process. `integration`
 * (`test/**`): the key migration against a redis-server it starts. `cluster`
 * (`test/cluster/**`): the migration refusing a Redis Cluster node. Each file stops what it
 * starts, so files share a worker instead of paying a fresh one each.
 */
export default defineConfig({
  test: {
    isolate: false,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      {
        extends: true,
        test: { name: "integration", include: ["test/**/*.test.ts"], exclude: ["test/cluster/**"] },
      },
      { extends: true, test: { name: "cluster", include: ["test/cluster/**/*.test.ts"] } },
    ],
  },
});
