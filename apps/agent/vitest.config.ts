import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // As in the hub: these tests run real servers and redis-servers beside the rest of
    // `npm test` on two cores, where a run resumed on a second agent took over 5 s once.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Whatever a test starts keeps its state in a temp folder, never in the person's home.
    env: { INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data") },
  },
});
