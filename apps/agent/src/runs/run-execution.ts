import { WITHDRAW_REASON } from "@inquiry-hub/protocol";
import type { CompletionIdentity } from "../loop/completion-chunk";
import { driveChat } from "../loop/drive-chat";
import { toRunError } from "../loop/run-error";
import type { RunSettings } from "../loop/run-settings";
import type { ToolLoopResult } from "../loop/run-tool-loop";
import { McpUnreachableError } from "../loop/tool-box";
import type { ToolBox } from "../loop/tool-box";
import { endRun } from "./end-run";
import type { RunEndingDeps } from "./end-run";
import type { LeaseTiming } from "./lease-keeper";
import { keepLease } from "./lease-keeper";
import { skipLoggedPrefix } from "./logged-turn";
import { closingEvents } from "./run-log-writer";
import type { RunLogWriter } from "./run-log-writer";
import type { RunRecord } from "./ports";

/** What executing a run on this node needs. */
export interface RunExecutionDeps extends RunEndingDeps {
  settings: RunSettings;
  nodeId: string;
  timing: LeaseTiming;
}

/** A run executing on this node, as the manager steers it. */
export interface ActiveRun {
  /**
   * Stop: abort the loop with WITHDRAW_REASON (the MCP client sends it as the reason of its
   * `notifications/cancelled`, the one cancel the hub takes as withdrawing the question), end
   * it `cancelled` (which revokes the run's credential).
   */
  cancel(): void;
  /**
   * Shutdown: drop the run here without ending it and without cancelling its calls, so its
   * question stays open and another process (or this one, restarted) resumes it.
   */
  detach(): void;
  /** Settles when the run is over on this node, however it went. */
  readonly done: Promise<void>;
}

/** A run ready to execute: its record, its open tools and the writer of its log. */
export interface RunLaunch {
  run: RunRecord;
  tools: ToolBox;
  log: RunLogWriter;
  /** Settles once the hub heard the turn started; the final report waits for it. */
  started: Promise<void>;
  /** The content the model turn in flight at a crash already logged; "" for a fresh run. */
  loggedText: string;
}

type Ending =
  | { status: "completed"; result: ToolLoopResult }
  | { status: "cancelled" | "failed"; error?: unknown };

/** The identity every chunk of the run carries, the same across resumes. */
export function identityOf(run: RunRecord): CompletionIdentity {
  return { id: run.completionId, created: run.created, model: run.model, runId: run.id };
}

/**
 * Executes a run (fresh or resumed from its checkpoint) under this node's lease, driving the
 * loop through {@link driveChat} like a request-bound chat: every tool call carries the
 * idempotency key `<runId>:<toolCallId>`, progress is checkpointed with the
 * log's mark (a resumed turn skips the text it already logged), and the
 * run ends through {@link endRun} unless it was detached (shutdown, lease lost) or its MCP
 * server went away mid-call (the hub stopping first in a restart of the product), in which
 * case its tools are dropped without cancelling and the record stays `running` for a resume.
 */
export function executeRun(deps: RunExecutionDeps, launch: RunLaunch): ActiveRun {
  const { run, tools, log } = launch;
  const controller = new AbortController();
  let mode: "running" | "cancelled" | "detached" = "running";
  const detach = (): void => {
    if (mode !== "running") return;
    mode = "detached";
    void tools.abandon().finally(() => controller.abort(new Error("The agent let the run go.")));
  };
  const stopLease = keepLease(deps.store, run.id, deps.nodeId, deps.timing, deps.logger, detach);
  const content = skipLoggedPrefix(launch.loggedText, (text) => log.content(text));

  const execute = async (): Promise<void> => {
    let ending: Ending;
    try {
      const result = await driveChat(deps.settings, {
        model: run.model,
        tools,
        from: { checkpoint: run.checkpoint },
        signal: controller.signal,
        onContent: (text) => content.write(text),
        onCheckpoint: async (checkpoint) => {
          content.settle();
          await log.flush();
          await deps.store.saveCheckpoint(run.id, { ...checkpoint, logMark: log.lastId() });
        },
        idempotencyKey: (toolCallId) => `${run.id}:${toolCallId}`,
      });
      ending = { status: "completed", result };
    } catch (error) {
      if (mode === "running" && error instanceof McpUnreachableError) {
        deps.logger.warn({ err: error, runId: run.id }, "run let go until its tools answer again");
        mode = "detached";
        await tools.abandon();
      }
      ending = mode === "cancelled" ? { status: "cancelled" } : { status: "failed", error };
    }
    stopLease();
    await log.flush();
    if (mode === "detached") {
      await deps.store.release(run.id, deps.nodeId);
      return;
    }
    await tools.close();
    await launch.started;
    const identity = identityOf(run);
    if (ending.status === "failed") {
      deps.logger.error({ err: ending.error, runId: run.id }, "run failed");
    }
    const closing =
      ending.status === "failed"
        ? closingEvents(identity, { error: toRunError(ending.error) })
        : closingEvents(identity, {
            usage: ending.status === "completed" ? ending.result.usage : undefined,
          });
    await endRun(deps, run, ending.status, closing);
    await deps.store.release(run.id, deps.nodeId);
  };

  const done = execute().catch((error: unknown) => {
    deps.logger.error({ err: error, runId: run.id }, "run bookkeeping failed");
  });
  return {
    cancel: () => {
      if (mode !== "running") return;
      mode = "cancelled";
      controller.abort(WITHDRAW_REASON);
    },
    detach,
    done,
  };
}
