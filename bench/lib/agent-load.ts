import type { ChildProcess } from "node:child_process";
import type { FromAgentWorker, LoadWindow, ToAgentWorker } from "../load/agent-messages";
import type { PacedCounts } from "./paced-loop";
import { exitWithin, forkWorker, stop } from "./processes";

const WORKER_SCRIPT = new URL("../load/agent-worker.ts", import.meta.url).pathname;

/** Bound on connecting the clients and on the worker's answer to any one request. */
const REPLY_TIMEOUT_MS = 120_000;
/** Time the worker gets to close its MCP sessions after the parent lets go of it. */
const CLOSE_GRACE_MS = 3_000;

/** The background agents in their own process; see load/agent-worker.ts. */
export interface AgentLoad {
  pid: number;
  /** Starts the paced loop; it stops launching by itself after `maxSeconds`. */
  start(ratePerSecond: number, maxSeconds: number): void;
  /** Begins the measured window. */
  mark(): Promise<void>;
  /** Stops the loop, waits for the cycles in flight; the window's and the whole run's counts. */
  stop(): Promise<{ window: LoadWindow; total: PacedCounts }>;
  close(): Promise<void>;
}

/** Sends `message` and resolves with the first reply `accept` takes; a `failed` reply rejects. */
function request<T>(
  child: ChildProcess,
  message: ToAgentWorker,
  accept: (reply: FromAgentWorker) => T | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off("message", listener);
      reject(new Error(`agent worker: no reply to ${message.type}`));
    }, REPLY_TIMEOUT_MS);
    const listener = (reply: FromAgentWorker): void => {
      const value = reply.type === "failed" ? undefined : accept(reply);
      if (reply.type !== "failed" && value === undefined) return;
      clearTimeout(timer);
      child.off("message", listener);
      if (reply.type === "failed") reject(new Error(`agent worker: ${reply.message}`));
      else resolve(value as T);
    };
    child.on("message", listener);
    child.send(message);
  });
}

/** Forks the agent worker and connects one MCP client per token to `hubUrl`. */
export async function startAgentLoad(hubUrl: URL, tokens: string[]): Promise<AgentLoad> {
  const child = forkWorker(WORKER_SCRIPT);
  try {
    await request(child, { type: "connect", hubUrl: hubUrl.href, tokens }, (reply) =>
      reply.type === "connected" ? true : undefined,
    );
  } catch (error) {
    await stop(child);
    throw error;
  }
  return {
    pid: child.pid ?? 0,
    start(ratePerSecond, maxSeconds) {
      child.send({ type: "start", ratePerSecond, maxSeconds } satisfies ToAgentWorker);
    },
    async mark() {
      await request(child, { type: "mark" }, (reply) =>
        reply.type === "marked" ? true : undefined,
      );
    },
    stop() {
      return request(child, { type: "stop" }, (reply) =>
        reply.type === "stopped" ? { window: reply.window, total: reply.total } : undefined,
      );
    },
    async close() {
      if (child.connected) child.disconnect();
      await exitWithin(child, CLOSE_GRACE_MS);
    },
  };
}
