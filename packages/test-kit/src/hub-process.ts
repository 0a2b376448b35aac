import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HUB_LISTENING_LINE } from "./hub-listening-line";
import { stopChild } from "./stop-child";

/** A hub running as its own process, as `npm start` runs it. */
export interface HubProcess {
  url: URL;
  /** SIGTERM (the hub's clean shutdown), waits for the exit, removes its data folder. */
  stop(): Promise<void>;
}

const HUB_ROOT = fileURLToPath(new URL("../../../apps/hub/", import.meta.url));
const HUB_BUNDLE = "dist/main.js";
const STARTUP_TIMEOUT_MS = 30_000;

/**
 * Starts the hub from its bundle (`apps/hub/dist/main.js`) on a free loopback port, with a
 * fresh data folder and `env` on top (HUB_* variables, PROXY_CONFIG_PATH …). A package's tests
 * reach the hub this way, over its wire only: a package never imports an app. The bundle is
 * built by turbo's `^build` before the tests of a package that lists `@inquiry-hub/hub`
 * among its devDependencies; after editing the hub, rebuild it with
 * `npx turbo run build --filter=@inquiry-hub/hub`. Resolves once the hub logs that it listens.
 */
export async function startHubProcess(env: Record<string, string> = {}): Promise<HubProcess> {
  if (!existsSync(path.join(HUB_ROOT, HUB_BUNDLE)))
    throw new Error(
      `apps/hub/${HUB_BUNDLE} is missing: build it with npx turbo run build --filter=@inquiry-hub/hub`,
    );
  const dataDir = await mkdtemp(path.join(tmpdir(), "test-kit-hub-"));
  const child = spawn(process.execPath, [HUB_BUNDLE], {
    cwd: HUB_ROOT,
    env: {
      PATH: process.env.PATH,
      HUB_HOST: "127.0.0.1",
      HUB_PORT: "0",
      HUB_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const killOnExit = (): void => void child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async (): Promise<void> => {
    process.off("exit", killOnExit);
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  let output = "";
  const onStderr = (chunk: Buffer): void => void (output += chunk.toString("utf8"));
  child.stderr.on("data", onStderr);
  try {
    const url = await new Promise<URL>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the hub did not start in time:\n${output}`)),
        STARTUP_TIMEOUT_MS,
      );
      const onStdout = (chunk: Buffer): void => {
        output += chunk.toString("utf8");
        const listening = HUB_LISTENING_LINE.exec(output)?.[1];
        if (listening === undefined) return;
        clearTimeout(timer);
        // Drained from now on without being kept: a full pipe would stall the hub.
        child.stdout.off("data", onStdout).resume();
        child.stderr.off("data", onStderr).resume();
        resolve(new URL(listening));
      };
      child.stdout.on("data", onStdout);
      child.once("error", reject);
      child.once("exit", () => {
        clearTimeout(timer);
        reject(new Error(`the hub exited during startup:\n${output}`));
      });
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
