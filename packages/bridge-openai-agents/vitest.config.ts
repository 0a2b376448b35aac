import { defineBridgeVitestConfig } from "@inquiry-hub/test-kit/bridge-vitest-config";

/** The oldest SDK in the peer range, installed beside the current one under an npm alias. */
const OLDEST_SDK = "agents-v014";

/**
 * - `unit` (`src/`): the bridge's pure parts (keys, decisions), in process.
 * - `integration` (`test/`): the SDK's own run loop against a real hub on a loopback port.
 * - `integration-agents-0.14`: the same tests on the oldest SDK of the peer range, the bridge and
 *   the tests importing `@openai/agents` as 0.14.3 (the SDK's own packages then resolve inside
 *   it), so the range is what was tested, not what was hoped.
 *
 * The loopback guard installs itself once per worker, which the shared workers keep.
 */
export default defineBridgeVitestConfig({
  setupFiles: ["test/support/loopback-only.ts"],
  integration: [
    {
      test: {
        name: "integration",
        include: ["test/**/*.test.ts"],
        exclude: ["test/oldest-sdk/**"],
      },
    },
    {
      resolve: { alias: [{ find: /^@openai\/agents$/, replacement: OLDEST_SDK }] },
      test: { name: "integration-agents-0.14", include: ["test/**/*.test.ts"] },
    },
  ],
});
