import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/** The oldest SDK in the peer range, installed beside the current one under an npm alias. */
const OLDEST_SDK = "agents-v014";

/**
 * - `unit` (`src/`): the bridge's pure parts (keys, decisions), in process.
 * - `integration` (`test/`): the SDK's own run loop against a real hub on a loopback port.
 * - `integration-agents-0.14`: the same tests on the oldest SDK of the peer range, the bridge and
 *   the tests importing `@openai/agents` as 0.14.3 (the SDK's own packages then resolve inside
 *   it), so the range is what was tested, not what was hoped.
 *
 * Every file starts its own hub and closes it, and the loopback guard installs itself once per
 * worker, so the files share workers (`isolate: false`) instead of importing the hub again each.
 */
export default defineConfig({
  test: {
    setupFiles: ["test/support/loopback-only.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    isolate: false,
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      INQUIRY_HUB_DATA_DIR: path.join(tmpdir(), "inquiry-hub-test-data"),
    },
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          exclude: ["test/oldest-sdk/**"],
        },
      },
      {
        extends: true,
        resolve: { alias: [{ find: /^@openai\/agents$/, replacement: OLDEST_SDK }] },
        test: { name: "integration-agents-0.14", include: ["test/**/*.test.ts"] },
      },
    ],
  },
});
