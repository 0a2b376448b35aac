import { defineBridgeVitestConfig } from "@inquiry-hub/test-kit/bridge-vitest-config";

/**
 * - `unit` (`src/`): cards, keys, decisions and the interrupt reading, in process.
 * - `integration` (`test/`): `createAgent` with `humanInTheLoopMiddleware` against a real hub
 *   on a loopback port.
 */
export default defineBridgeVitestConfig({
  integration: [{ test: { name: "integration", include: ["test/**/*.test.ts"] } }],
});
