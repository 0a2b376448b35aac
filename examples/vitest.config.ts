import { defineConfig } from "vitest/config";

/**
 * - `unit`: the examples' environment parsing and the LangGraph file checkpointer, in process.
 * - `integration`: each example (and each connect snippet of docs/guide/connect-your-agent.md)
 *   run as its own process under tsx against a real hub on a loopback port, killed while it waits
 *   and started again. Two cold tsx starts per test, so these tests get 45 s.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/example-env.test.ts", "test/langgraph-checkpointer.test.ts"],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          exclude: ["test/example-env.test.ts", "test/langgraph-checkpointer.test.ts"],
          testTimeout: 45_000,
          hookTimeout: 45_000,
        },
      },
    ],
  },
});
