import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** Folders of state: only their owner may list, enter or change them. */
export const PRIVATE_FOLDER_MODE = 0o700;
/** Files of state (stores, tokens, keys): only their owner may read or write them. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` and any missing parent with mode 0700, and tightens `dir` itself when it
 * already existed with a looser mode (a folder from an older version, or made by hand), so
 * the secrets inside are readable only by the OS user the service runs as.
 */
export function ensurePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(dir, PRIVATE_FOLDER_MODE);
}

/**
 * Gives `target` and everything under it owner-only modes: folders 0700, files 0600. For
 * files a library creates with its own mode (LMDB writes 0644 less the umask). Symbolic links
 * are skipped: chmod would follow one to a file outside the data directory.
 */
export function restrictToOwner(target: string): void {
  const stats = lstatSync(target);
  if (stats.isSymbolicLink()) return;
  if (!stats.isDirectory()) {
    chmodSync(target, PRIVATE_FILE_MODE);
    return;
  }
  chmodSync(target, PRIVATE_FOLDER_MODE);
  for (const name of readdirSync(target)) restrictToOwner(path.join(target, name));
}
