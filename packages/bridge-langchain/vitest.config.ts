import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * - `unit` (`src/`): cards, keys, decisions and the interrupt reading, in process.
 * - `integration` (`test/`): `createAgent` with `humanInTheLoopMiddleware` against a real hub
 *   on a loopback port.
 *
 * Every file starts its own hub and closes it, so the files share workers (`isolate: false`)
 * instead of importing LangChain and the hub again each.
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    isolate: false,
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data"),
    },
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      { extends: true, test: { name: "integration", include: ["test/**/*.test.ts"] } },
    ],
  },
});
