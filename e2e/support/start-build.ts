import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "./app-services";
import { QUIET_ENV } from "./browser";

/**
 * Builds the apps as `npm start` builds them: `turbo run start --env-mode=loose` (scripts/start.ts),
 * whose build tasks hash apart from a plain `turbo run build`'s because the env mode is part of
 * the hash. Without this, the first `npm start` of a run (the LAN and durable parts) would
 * rebuild every app, deleting and rewriting the builds the run's other products serve from.
 * Run once before any product starts, it makes every later `npm start` a cache hit, which
 * leaves the files as they are; when the builds are cached already it only checks the hashes.
 * The root `npm test` runs turbo in loose env mode as well, so under it the builds its test
 * tasks waited for are these very builds, and this is a cache hit instead of a second build.
 */
export function buildAsNpmStartDoes(): void {
  execFileSync("npx", ["turbo", "run", "build", "--env-mode=loose", "--output-logs=errors-only"], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...QUIET_ENV },
    stdio: "inherit",
  });
}
