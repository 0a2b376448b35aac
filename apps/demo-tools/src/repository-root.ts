import path from "node:path";
import { fileURLToPath } from "node:url";
import { adoptCheckoutState } from "@inquiry-hub/logging";
import type { Logger } from "@inquiry-hub/logging";

/**
 * The checkout's root folder, from this module's own location. It must stay directly in
 * `src/`: the bundle `dist/main.js` sits at the same depth, so three levels up (past `src` or
 * `dist`, `demo-tools`, `apps`) is the root from source (tsx) and from the bundle alike.
 */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * On the first start after the upgrade, moves the checkout's `.data/demo-tools-token` and
 * `.data/sandbox` to their places in the data directory (only where they are the defaults),
 * so the token an agent in the repository could read no longer sits there.
 */
export function adoptCheckoutDemoToolsData(
  locations: { tokenFile: string; sandboxDir: string },
  logger: Logger,
): void {
  const checkout = REPOSITORY_ROOT;
  adoptCheckoutState({ entry: "demoToolsToken", checkout, target: locations.tokenFile, logger });
  adoptCheckoutState({ entry: "sandbox", checkout, target: locations.sandboxDir, logger });
}
