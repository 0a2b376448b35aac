import path from "node:path";
import { fileURLToPath } from "node:url";
import { adoptCheckoutState, dataPath } from "@inquiry-hub/logging";
import type { DataEnv, Logger } from "@inquiry-hub/logging";

/**
 * The checkout's root folder. Computed from this module's own location, which must stay
 * directly in `src/`: the bundle `dist/main.js` sits at the same depth, so three levels up
 * (past `src` or `dist`, `hub`, `apps`) is the root whether the hub runs from source (tsx)
 * or from the bundle (`npm start`), and whatever the working directory.
 */
export const REPOSITORY_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../..",
);

/**
 * The hub's default HUB_DATA_DIR: `hub/` in the per-user data directory (INQUIRY_HUB_DATA_DIR
 * moves it), outside the checkout an agent may be working in.
 */
export function defaultHubDataDir(env: DataEnv = process.env): string {
  return dataPath("hub", env);
}

/** On the first start after the upgrade, moves the checkout's `.data/hub` to `dataDir`. */
export function adoptCheckoutHubData(dataDir: string, logger: Logger): void {
  adoptCheckoutState({ entry: "hub", checkout: REPOSITORY_ROOT, target: dataDir, logger });
}
