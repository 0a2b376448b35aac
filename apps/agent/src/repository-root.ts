import path from "node:path";
import { fileURLToPath } from "node:url";
import { adoptCheckoutState, dataPath } from "@inquiry-hub/logging";
import type { DataEnv, Logger } from "@inquiry-hub/logging";

/**
 * The checkout's root folder, from this module's own location. It must stay directly in
 * `src/`: the bundle `dist/main.js` sits at the same depth, so three levels up (past `src` or
 * `dist`, `agent`, `apps`) is the root from source (tsx) and from the bundle (`npm start`)
 * alike, whatever the working directory.
 */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The agent's default AGENT_DATA_DIR: `agent/` in the per-user data directory
 * (INQUIRY_HUB_DATA_DIR moves it), outside the checkout.
 */
export function defaultAgentDataDir(env: DataEnv = process.env): string {
  return dataPath("agent", env);
}

/** On the first start after the upgrade, moves the checkout's `.data/agent` to `dataDir`. */
export function adoptCheckoutAgentData(dataDir: string, logger: Logger): void {
  adoptCheckoutState({ entry: "agent", checkout: REPOSITORY_ROOT, target: dataDir, logger });
}
