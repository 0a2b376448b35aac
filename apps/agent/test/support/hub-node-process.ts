import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HUB_LISTENING_LINE } from "@inquiry-hub/test-kit";

/** A hub started from its entry point as a child process: a real node of a Redis cluster. */
export interface HubNodeProcess {
  url: URL;
  /** SIGTERM (the hub's clean shutdown), then waits for the exit; safe to call twice. */
  stop(): Promise<void>;
}

const HUB_ROOT = fileURLToPath(new URL("../../../hub", import.meta.url));
const HUB_BUNDLE = "dist/main.js";
const STARTUP_TIMEOUT_MS = 30_000;

/**
 * Spawns the hub's bundle (`apps/hub/dist/main.js`, what `npm start` runs) with REDIS_URL, so
 * it runs exactly as a production node does (the agent workspace cannot build a Redis hub
 * in-process: the hub exports no Redis infra). The bundle starts in a third of the time tsx
 * takes to compile the hub's sources, which two nodes starting at once on a loaded CI need.
 * `npm test` builds it first (turbo's `^build`); after editing the hub, rebuild it with
 * `npx turbo run build --filter=@inquiry-hub/hub`. Resolves once the node logs that it
 * listens; an exit hook kills it if the test process dies first.
 */
export async function spawnHubNode(redisUrl: string, keyPrefix: string): Promise<HubNodeProcess> {
  if (!existsSync(path.join(HUB_ROOT, HUB_BUNDLE)))
    throw new Error(
      `apps/hub/${HUB_BUNDLE} is missing: build it with npx turbo run build --filter=@inquiry-hub/hub`,
    );
  const dataDir = await mkdtemp(path.join(tmpdir(), "agent-test-hub-node-"));
  const child = spawn(process.execPath, [HUB_BUNDLE], {
    cwd: HUB_ROOT,
    env: {
      PATH: process.env.PATH,
      HUB_HOST: "127.0.0.1",
      HUB_PORT: "0",
      HUB_DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      HUB_REDIS_KEY_PREFIX: keyPrefix,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const killOnExit = (): void => {
    child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  const exited = once(child, "exit");
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`hub node did not start in time:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const onStdout = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      const listening = HUB_LISTENING_LINE.exec(output)?.[1];
      if (listening === undefined) return;
      clearTimeout(timer);
      output = "";
      child.stdout.off("data", onStdout);
      child.stdout.resume();
      resolve(new URL(listening));
    };
    child.stdout.on("data", onStdout);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`hub node exited during startup:\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      process.off("exit", killOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
