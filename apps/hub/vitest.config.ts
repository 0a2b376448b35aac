import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two files at a time even on a 2-core machine (vitest's default there is one): most of
    // this suite waits on sockets, timers and child redis-servers, not on the CPU, and as the
    // longest task in `npm test` it sets the CI time (on this project's 2-core machine: 978 s
    // with one worker inside a CI run, 310 s with two run alone).
    maxWorkers: 2,
    // Warnings and errors stay visible; routine info lines (audit, listening) would drown the
    // report. LOG_LEVEL=info (or debug) from the shell still wins.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  },
});
