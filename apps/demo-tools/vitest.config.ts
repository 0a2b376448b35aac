import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `unit` (`src/**`): the environment and the token file, in-process. `integration`
 * (`test/**`): the MCP server on a loopback port with real clients. Each file closes what it
 * starts, so files share a worker instead of paying a fresh one each.
 */
export default defineConfig({
  test: {
    isolate: false,
    // Whatever a test starts keeps its state in a temp folder, never in the person's home.
    env: { INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data") },
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      { extends: true, test: { name: "integration", include: ["test/**/*.test.ts"] } },
    ],
  },
});
