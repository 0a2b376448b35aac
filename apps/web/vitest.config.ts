import { defineConfig } from "vitest/config";

/** Unit tests for the pure modules (stream reading, countdown, origin checks): no DOM needed. */
export default defineConfig({
  test: {
    environment: "node",
    include: ["features/**/*.test.ts", "lib/**/*.test.ts"],
  },
});
