import { silentLogger } from "@inquiry-hub/logging";
import { WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { describe, expect, it, vi } from "vitest";
import { testRunSettings } from "../support/run-settings";
import { NO_AGENT_METRICS } from "../../src/loop/agent-metrics";
import type { ChatMessage, ModelProvider } from "../../src/loop/model-provider";
import { McpUnreachableError } from "../../src/loop/tool-box";
import type { ToolBox } from "../../src/loop/tool-box";
import { createMemoryRunStore } from "../../src/stores/memory-run-store";
import type { HubClient, RunRecord } from "../../src/runs/ports";
import { executeRun, identityOf } from "../../src/runs/run-execution";
import type { RunExecutionDeps } from "../../src/runs/run-execution";
import { createRunLogWriter } from "../../src/runs/run-log-writer";

const NODE = "node-1";

/** Asks once (a tool call), then answers with the tool's result. */
const askingModel: ModelProvider = {
  id: "scripted",
  async *generate({ messages }: { messages: readonly ChatMessage[] }) {
    await Promise.resolve();
    const result = messages.find((message) => message.role === "tool");
    if (result === undefined) {
      yield {
        type: "tool_call",
        call: { id: "call-1", type: "function", function: { name: "ask", arguments: "{}" } },
      };
    } else yield { type: "content", text: `answer: ${result.content}` };
  },
};

/** A tool box whose one call waits until the test settles it or its signal aborts. */
function heldTools() {
  let settle: { resolve: (text: string) => void; reject: (error: unknown) => void } | undefined;
  const signals: AbortSignal[] = [];
  const close = vi.fn(() => Promise.resolve());
  const abandon = vi.fn(() => Promise.resolve());
  const tools: ToolBox = {
    definitions: [{ type: "function", function: { name: "ask", parameters: {} } }],
    call: (_name, _args, signal) =>
      new Promise<string>((resolve, reject) => {
        signals.push(signal);
        settle = { resolve, reject };
        signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
      }),
    close,
    abandon,
  };
  const called = vi.waitFor(() => {
    if (settle === undefined) throw new Error("the tool was not called yet");
    return settle;
  });
  return { tools, signals, called, close, abandon };
}

async function startRun() {
  const store = createMemoryRunStore();
  const revoke = vi.fn((_bearer: string) => Promise.resolve());
  const hub: HubClient = {
    identify: () => Promise.resolve(undefined),
    updateTurn: () => Promise.resolve(),
    revokeRunCredential: revoke,
  };
  const run: RunRecord = {
    id: "run-1",
    ownerUserId: "user-1",
    model: askingModel.id,
    completionId: "chatcmpl-1",
    created: 0,
    bearer: "run-credential",
    metadata: {},
    status: "running",
    checkpoint: { history: [{ role: "user", content: "hi" }], step: 0 },
  };
  await store.create(run);
  await store.claim(run.id, NODE, 60_000);
  const deps: RunExecutionDeps = {
    store,
    hub,
    logger: silentLogger(),
    metrics: NO_AGENT_METRICS,
    nodeId: NODE,
    timing: { leaseMs: 60_000, renewMs: 30_000 },
    settings: testRunSettings({ models: new Map([[askingModel.id, askingModel]]) }),
  };
  const held = heldTools();
  const log = createRunLogWriter(store, identityOf(run), silentLogger());
  const active = executeRun(deps, {
    run,
    tools: held.tools,
    log,
    started: Promise.resolve(),
    loggedText: "",
  });
  return { store, revoke, held, active, runId: run.id };
}

describe("a background run's call, by how the run stops", () => {
  it("Stop cancels the call with WITHDRAW_REASON, ends the run cancelled and revokes its credential", async () => {
    const { store, revoke, held, active, runId } = await startRun();
    await held.called;
    active.cancel();
    await active.done;
    expect(held.signals[0]?.reason).toBe(WITHDRAW_REASON);
    expect((await store.get(runId))?.status).toBe("cancelled");
    expect(revoke).toHaveBeenCalledWith("run-credential");
  });

  it("shutdown (detach) drops the connections first, never withdraws, keeps the run and its credential", async () => {
    const { store, revoke, held, active, runId } = await startRun();
    await held.called;
    active.detach();
    await active.done;
    expect(held.abandon).toHaveBeenCalled();
    expect(held.close).not.toHaveBeenCalled();
    expect(held.signals[0]?.reason).not.toBe(WITHDRAW_REASON);
    expect((await store.get(runId))?.status).toBe("running");
    expect(revoke).not.toHaveBeenCalled();
    expect(await store.claim(runId, "another-node", 1_000)).toBe(true);
  });

  it("the hub going away mid-call lets the run go for a resume instead of failing it", async () => {
    const { store, revoke, held, active, runId } = await startRun();
    const call = await held.called;
    const lost = new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed");
    call.reject(new McpUnreachableError("the hub went away", { cause: lost }));
    await active.done;
    expect(held.abandon).toHaveBeenCalled();
    expect((await store.get(runId))?.status).toBe("running");
    expect(revoke).not.toHaveBeenCalled();
    expect(await store.claim(runId, "another-node", 1_000)).toBe(true);
  });

  it("any other failure of the call still ends the run failed and revokes its credential", async () => {
    const { store, revoke, held, active, runId } = await startRun();
    const call = await held.called;
    call.reject(new Error("the tool broke"));
    await active.done;
    expect((await store.get(runId))?.status).toBe("failed");
    expect(revoke).toHaveBeenCalledWith("run-credential");
  });
});
