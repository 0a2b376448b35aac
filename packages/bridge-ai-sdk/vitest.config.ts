import { defineBridgeVitestConfig } from "@inquiry-hub/test-kit/bridge-vitest-config";

/** The oldest major of the peer range, installed beside ai 7 under an npm alias. */
const AI_SDK_6 = "ai-v6";

/** Tests of what only ai 7 has (`toolApproval`, tool context): left out of the ai 6 run. */
const AI_SDK_7_ONLY = ["test/tool-approval-policy.test.ts"];

/**
 * - `unit` (`src/`): reading approval requests and writing the answers, in process.
 * - `integration` (`test/`): the SDK's `generateText` and `ToolLoopAgent` with a scripted
 *   model against a real hub on a loopback port.
 * - `integration-ai-sdk-6`: the same tests on ai 6, the bridge and the tests importing `ai`
 *   (and `ai/test`) as the alias's 6.x, so both majors of the peer range are tested. The unit
 *   tests import only `ai`'s types, which `tsconfig.ai-sdk-6.json` checks against ai 6.
 */
export default defineBridgeVitestConfig({
  integration: [
    { test: { name: "integration", include: ["test/**/*.test.ts"], provide: { aiSdkMajor: 7 } } },
    {
      resolve: { alias: [{ find: /^ai(\/.*)?$/, replacement: `${AI_SDK_6}$1` }] },
      test: {
        name: "integration-ai-sdk-6",
        include: ["test/**/*.test.ts"],
        exclude: AI_SDK_7_ONLY,
        provide: { aiSdkMajor: 6 },
      },
    },
  ],
});
