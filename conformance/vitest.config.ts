import { defineConfig } from "vitest/config";

/**
 * One vitest tier, `unit`: the baseline comparison and the Node check, in-process, in one
 * shared worker. The conformance run itself (`npm run test:integration`) is the CLI against the
 * built hub and demo-tools, not a vitest file.
 */
export default defineConfig({
  test: {
    isolate: false,
    projects: [{ extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } }],
  },
});
