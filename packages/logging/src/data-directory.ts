import { homedir } from "node:os";
import path from "node:path";

/** The one variable that moves every service's state at once (an absolute path). */
export const DATA_DIR_VARIABLE = "INQUIRY_HUB_DATA_DIR";

/** The folder this product owns inside the per-user data folder. */
const PRODUCT_FOLDER = "inquiry-hub";

/**
 * What lives in the data directory, by owner: the hub's store and channel secrets, the agent's
 * runs, LAN mode's certificate, the demo-tools sandbox and its bearer token.
 */
export const DATA_ENTRIES = {
  hub: "hub",
  agent: "agent",
  tls: "tls",
  sandbox: "sandbox",
  demoToolsToken: "demo-tools-token",
} as const;

/** One entry of the data directory (see DATA_ENTRIES). */
export type DataEntry = keyof typeof DATA_ENTRIES;

/** The environment as the services read it: names to values, unset or empty meaning absent. */
export type DataEnv = Readonly<Record<string, string | undefined>>;

/** The OS user's side of the default location; tests give a temporary home. */
export interface UserFolders {
  platform: NodeJS.Platform;
  home: string;
}

const currentUser = (): UserFolders => ({ platform: process.platform, home: homedir() });

/** `value` when it is an absolute path; relative XDG / Windows values are ignored, as XDG says. */
function absolute(value: string | undefined): string | undefined {
  return value !== undefined && path.isAbsolute(value) ? value : undefined;
}

/** The per-user folder applications keep their data in, by platform convention. */
function userDataFolder(env: DataEnv, { platform, home }: UserFolders): string {
  if (platform === "win32")
    return absolute(env.LOCALAPPDATA) ?? path.join(home, "AppData", "Local");
  if (platform === "darwin") return path.join(home, "Library", "Application Support");
  return absolute(env.XDG_DATA_HOME) ?? path.join(home, ".local", "share");
}

/**
 * Where the product keeps its state: INQUIRY_HUB_DATA_DIR, else `inquiry-hub` in the user's
 * data folder (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support`
 * on macOS, `%LOCALAPPDATA%` on Windows). Never inside the checkout: an agent working in the
 * repository must not find the hub's secrets there. Throws naming the variable when it is not
 * an absolute path (each service runs in its own folder, so a relative one would split them).
 *
 * @example dataDirectory({}) // "/home/ada/.local/share/inquiry-hub"
 */
export function dataDirectory(env: DataEnv = process.env, user = currentUser()): string {
  const chosen = env[DATA_DIR_VARIABLE];
  if (chosen === undefined || chosen === "")
    return path.join(userDataFolder(env, user), PRODUCT_FOLDER);
  if (!path.isAbsolute(chosen))
    throw new Error(`${DATA_DIR_VARIABLE} must be an absolute path, not ${JSON.stringify(chosen)}`);
  return path.resolve(chosen);
}

/**
 * The default location of one entry of the data directory; each service's own variable
 * (HUB_DATA_DIR, AGENT_DATA_DIR, LAN_TLS_DIR, DEMO_TOOLS_SANDBOX_DIR, DEMO_TOOLS_TOKEN_FILE)
 * still wins over it.
 *
 * @example dataPath("hub", { INQUIRY_HUB_DATA_DIR: "/srv/ih" }) // "/srv/ih/hub"
 */
export function dataPath(
  entry: DataEntry,
  env: DataEnv = process.env,
  user = currentUser(),
): string {
  return path.join(dataDirectory(env, user), DATA_ENTRIES[entry]);
}
