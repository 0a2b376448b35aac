import { cpSync, existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { DATA_DIR_VARIABLE, DATA_ENTRIES, dataPath } from "./data-directory";
import type { DataEntry, DataEnv, UserFolders } from "./data-directory";
import { ensurePrivateFolder, restrictToOwner } from "./private-files";

/** The checkout's folder where versions before the per-user data directory kept state. */
export const CHECKOUT_STATE_FOLDER = ".data";

/** What to adopt and where it goes. */
export interface CheckoutStateMove {
  entry: DataEntry;
  /** The checkout's root folder. */
  checkout: string;
  /** Where the service keeps this entry now: its own variable, else the default location. */
  target: string;
  logger: Pick<Logger, "info" | "warn">;
  env?: DataEnv;
  user?: UserFolders;
}

/** `moved` into the data directory, `left` behind (the data directory has its own), or `none`. */
export type CheckoutStateOutcome = "moved" | "left" | "none";

function moveAcrossFileSystems(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EXDEV")) throw error;
    cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
    rmSync(from, { recursive: true });
  }
}

/**
 * Moves one entry a checkout's `.data` still holds (accounts, paired devices, the demo-tools
 * token…) to its place in the data directory on the first start after the upgrade, with
 * owner-only modes, so nothing is lost and nothing stays where an agent working in the
 * repository reads. Only for the default location: with INQUIRY_HUB_DATA_DIR or the service's
 * own variable set (tests, explicit setups) a checkout's `.data` is never touched. When the
 * data directory already has the entry, `.data`'s copy is left and a warning says it is unused.
 */
export function adoptCheckoutState(move: CheckoutStateMove): CheckoutStateOutcome {
  const env = move.env ?? process.env;
  const chosen = env[DATA_DIR_VARIABLE];
  if (chosen !== undefined && chosen !== "") return "none";
  const target = path.resolve(move.target);
  if (target !== dataPath(move.entry, env, move.user)) return "none";
  const legacy = path.join(move.checkout, CHECKOUT_STATE_FOLDER, DATA_ENTRIES[move.entry]);
  if (!existsSync(legacy)) return "none";
  if (existsSync(target)) {
    move.logger.warn(
      { unused: legacy, stateIn: target },
      "the checkout's .data is no longer read; delete this copy once you no longer need it",
    );
    return "left";
  }
  ensurePrivateFolder(path.dirname(target));
  moveAcrossFileSystems(legacy, target);
  restrictToOwner(target);
  move.logger.info(
    { from: legacy, to: target },
    "moved state out of the checkout's .data into the per-user data directory",
  );
  return "moved";
}
