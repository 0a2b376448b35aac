import { readFileSync } from "node:fs";

const HUB_ENV_FILE = new URL("../../apps/hub/src/config/env.ts", import.meta.url);

/** Why two-node rows cannot run yet, or undefined when the hub reads REDIS_URL. */
export function multiNodeUnsupported(): string | undefined {
  return readFileSync(HUB_ENV_FILE, "utf8").includes("REDIS_URL")
    ? undefined
    : "the hub does not read REDIS_URL yet (apps/hub/src/config/env.ts)";
}
