/**
 * A load generator process for the devices suite: the background users' agents, one MCP
 * client each, calling `send_inquiry` at a fixed rate (their devices, in device workers,
 * answer). It runs apart from the bench process so the probe's clock there never waits behind
 * this load's responses, and apart from the hub so the hub's figures are its own. Driven over
 * IPC (agent-messages.ts); stops launching on its own after `maxSeconds` and exits when the
 * parent goes away.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectMcp } from "../lib/hub-client";
import { startPacedLoop } from "../lib/paced-loop";
import type { PacedCounts, PacedLoop } from "../lib/paced-loop";
import { callOnce } from "../suites/throughput";
import type { FromAgentWorker, ToAgentWorker } from "./agent-messages";

let clients: Client[] = [];
let loop: PacedLoop | undefined;
/** Where the window begins: the loop's start until a `mark` moves it. */
let mark: { counts: PacedCounts; at: number } = {
  counts: { started: 0, completed: 0, wrong: 0, skipped: 0 },
  at: 0,
};

function send(message: FromAgentWorker): void {
  process.send?.(message);
}

function failed(error: unknown): void {
  send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
}

async function connect(hubUrl: string, tokens: string[]): Promise<void> {
  for (const token of tokens) clients.push(await connectMcp(new URL(hubUrl), token));
  send({ type: "connected" });
}

async function stop(): Promise<void> {
  const running = loop;
  if (running === undefined) throw new Error("stop before start");
  await running.stop();
  const total = running.counts();
  const from = mark;
  send({
    type: "stopped",
    window: {
      seconds: (performance.now() - from.at) / 1000,
      started: total.started - from.counts.started,
      completed: total.completed - from.counts.completed,
      wrong: total.wrong - from.counts.wrong,
      skipped: total.skipped - from.counts.skipped,
    },
    total,
  });
}

async function closeAll(): Promise<void> {
  await loop?.stop();
  await Promise.allSettled(clients.map((client) => client.close()));
  clients = [];
}

process.on("message", (message: ToAgentWorker) => {
  switch (message.type) {
    case "connect":
      connect(message.hubUrl, message.tokens).catch(failed);
      break;
    case "start":
      loop = startPacedLoop({
        ratePerSecond: message.ratePerSecond,
        lanes: clients.length,
        maxSeconds: message.maxSeconds,
        once: (lane) => callOnce(clients[lane]!),
      });
      mark = { counts: loop.counts(), at: performance.now() };
      break;
    case "mark":
      if (loop !== undefined) mark = { counts: loop.counts(), at: performance.now() };
      send({ type: "marked" });
      break;
    case "stop":
      stop().catch(failed);
      break;
  }
});
process.once("disconnect", () => void closeAll().finally(() => process.exit(0)));
