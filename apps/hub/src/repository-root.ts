import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The checkout's root folder. Computed from this module's own location, which must stay
 * directly in `src/`: the bundle `dist/main.js` sits at the same depth, so three levels up
 * (past `src` or `dist`, `hub`, `apps`) is the root whether the hub runs from source (tsx)
 * or from the bundle (`npm start`), and whatever the working directory.
 */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The hub's default HUB_DATA_DIR: `.data/hub` in the checkout (git-ignored). */
export const DEFAULT_DATA_DIR = path.join(REPOSITORY_ROOT, ".data", "hub");
