import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // As in the hub: these tests run real servers and redis-servers beside the rest of
    // `npm test` on two cores, where a run resumed on a second agent took over 5 s once.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
