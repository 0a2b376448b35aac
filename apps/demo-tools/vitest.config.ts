import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Whatever a test starts keeps its state in a temp folder, never in the person's home.
    env: { INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data") },
  },
});
