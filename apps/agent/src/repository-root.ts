import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The checkout's root folder, from this module's own location. It must stay directly in
 * `src/`: the bundle `dist/main.js` sits at the same depth, so three levels up (past `src` or
 * `dist`, `agent`, `apps`) is the root from source (tsx) and from the bundle (`npm start`)
 * alike, whatever the working directory.
 */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The agent's default AGENT_DATA_DIR: `.data/agent` in the checkout (git-ignored). */
export const DEFAULT_AGENT_DATA_DIR = path.join(REPOSITORY_ROOT, ".data", "agent");
