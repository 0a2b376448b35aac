import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { QUIET_ENV } from "./browser";

/** One service of a product a test runs itself, as the built product (`npm start`) runs it. */
export interface ServiceSpec {
  /** Names the service in errors and its log, `<log dir>/<name>.log`. */
  name: string;
  cwd: string;
  command: readonly string[];
  env: Record<string, string>;
  /** Answers 2xx once the service serves requests. */
  readyUrl: string;
}

/**
 * How long a service may take to answer: generous, since products start while other tests
 * run on the same cores, and it only matters when a service cannot start at all.
 */
const READY_TIMEOUT_MS = 120_000;

/** A started service: its process, and a signal that ends it. */
export interface RunningService {
  readonly spec: ServiceSpec;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) })
    .then((response) => response.ok)
    .catch(() => false);
}

async function waitUntilReady(spec: ServiceSpec, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${spec.name} exited (${child.exitCode}) before it answered; see ${log}`);
    if (await answers(spec.readyUrl)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${spec.name}: ${spec.readyUrl} did not answer within ${READY_TIMEOUT_MS} ms; see ${log}`,
  );
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Spawns `spec` with the suite's quiet environment, appends its output to its log in
 * `logDir`, and resolves once its ready URL answers. A service that cannot start is stopped
 * before the error is thrown, so a failed start leaves no process behind.
 */
export async function startService(spec: ServiceSpec, logDir: string): Promise<RunningService> {
  // A product left running by an earlier, interrupted run would answer for the new one, and the
  // suite would test its old build.
  if (await answers(spec.readyUrl))
    throw new Error(
      `${spec.name}: ${spec.readyUrl} answers before it was started: another process holds its port (a product left running by an earlier run?); stop it first.`,
    );
  const [command = "node", ...args] = spec.command;
  const log = path.join(logDir, `${spec.name}.log`);
  const child = spawn(command, args, {
    cwd: spec.cwd,
    env: { ...process.env, ...QUIET_ENV, LOG_LEVEL: "warn", ...spec.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const append = (chunk: Buffer): void => writeFileSync(log, chunk, { flag: "a" });
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    child.kill(signal);
    await waitForExit(child);
  };
  try {
    await waitUntilReady(spec, child, log);
  } catch (error) {
    await stop("SIGKILL");
    throw error;
  }
  return { spec, stop };
}

/**
 * Starts `specs` side by side and resolves once every one answers. If any fails, the ones
 * that started are stopped (SIGTERM) before its error is thrown.
 */
export async function startServices(
  specs: readonly ServiceSpec[],
  logDir: string,
): Promise<RunningService[]> {
  const started = await Promise.allSettled(specs.map((spec) => startService(spec, logDir)));
  const running = started.flatMap((result) =>
    result.status === "fulfilled" ? [result.value] : [],
  );
  const failure = started.find((result) => result.status === "rejected");
  if (failure === undefined) return running;
  await Promise.all(running.map((service) => service.stop("SIGTERM")));
  throw failure.reason;
}
