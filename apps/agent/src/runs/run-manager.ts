import { randomUUID } from "node:crypto";
import type { ChatRequest } from "../loop/chat-request";
import { openRunTools } from "../loop/drive-chat";
import type { ToolAccess } from "../loop/drive-chat";
import { toRunError } from "../loop/run-error";
import type { RunTrace } from "../loop/run-tracer";
import { withSystemPrompt } from "../loop/system-prompt";
import { isPassingConnectFailure } from "../loop/tool-box";
import type { ToolBox } from "../loop/tool-box";
import { endRun } from "./end-run";
import { readLoggedTurn } from "./logged-turn";
import type { LoggedTurn } from "./logged-turn";
import { executeRun, identityOf } from "./run-execution";
import type { ActiveRun, RunExecutionDeps } from "./run-execution";
import { closingEvents, createRunLogWriter } from "./run-log-writer";
import type { RunLogWriter } from "./run-log-writer";
import type { RunCaller, RunRecord } from "./ports";
import { mayAccessRun } from "./run-access";
import { reportTurnStarted } from "./turn-report";
import { waitForFinal } from "./wait-for-final";

/** How long a Stop waits for the node running the run before ending it itself. */
const CANCEL_WAIT_MS = 5_000;

/** Starts, stops and resumes the background runs of this node. */
export interface RunManager {
  /**
   * Connects the run's tools (throws the connect error, before anything is stored), stores the
   * run, takes its lease and starts it. Resolves with the run once it is in the store.
   */
  start(request: ChatRequest, bearer: string, caller: RunCaller): Promise<RunRecord>;
  /**
   * The run, when `bearer` is the credential that started it or one of its owner's sessions
   * (see run-access.ts); undefined for anyone else and unknown runs.
   */
  authorize(runId: string, bearer: string): Promise<RunRecord | undefined>;
  /** Stop: asks the node running it to cancel, waits (bounded), ends it here if nobody did. */
  cancel(run: RunRecord): Promise<RunRecord>;
  /**
   * Claims the runs whose lease lapsed and resumes them from their checkpoints. A run whose
   * tools cannot be reached yet stays running for the next sweep; one they refuse ends failed.
   */
  sweep(): Promise<void>;
  /** Lets every run here go without ending it (shutdown); a restarted agent resumes them. */
  detachAll(): Promise<void>;
  /** Follows Stop requests from every node; returns the unsubscribe function. */
  listenForCancels(): Promise<() => Promise<void>>;
}

/** The run manager of one agent node. */
export function createRunManager(deps: RunExecutionDeps): RunManager {
  const active = new Map<string, ActiveRun>();
  /**
   * Runs this node is starting, resuming or running, marked before the first await: the resume
   * sweep sees a new run in the store (and this node's own lease) before `start` launched it, so
   * without the mark the sweep would launch a second execution of the same run.
   */
  const held = new Set<string>();
  /** Shutdown began: a run launched by a start or sweep still in flight is let go at once. */
  let detaching = false;

  const launch = (
    run: RunRecord,
    tools: ToolBox,
    log: RunLogWriter,
    resumed: LoggedTurn | undefined,
    trace: RunTrace,
  ) => {
    const started = resumed ? Promise.resolve() : reportTurnStarted(deps.hub, run);
    const loggedText = resumed?.text ?? "";
    const execution = executeRun(deps, { run, tools, log, started, loggedText });
    active.set(run.id, execution);
    if (detaching) execution.detach();
    void execution.done.finally(() => {
      trace.end("ended");
      active.delete(run.id);
      held.delete(run.id);
    });
  };

  /**
   * Opens the tools of a run whose chunks go to `log`, once that exists; the run's span
   * (`trace`) is ended when the execution is done, or here if the tools cannot be opened.
   */
  const openTools = async (access: ToolAccess, trace: RunTrace) => {
    let log: RunLogWriter | undefined;
    const tools = await openRunTools(
      deps.settings,
      access,
      (json) => log?.notification(json),
      trace,
    );
    return { tools, useLog: (writer: RunLogWriter) => (log = writer) };
  };

  const resume = async (runId: string): Promise<void> => {
    if (held.has(runId)) return;
    held.add(runId);
    const run = (await deps.store.claim(runId, deps.nodeId, deps.timing.leaseMs))
      ? await deps.store.get(runId)
      : undefined;
    if (!run) {
      held.delete(runId);
      return;
    }
    deps.logger.info({ runId, step: run.checkpoint.step }, "resuming run");
    try {
      const logged = await readLoggedTurn(deps.store, runId, run.checkpoint.logMark ?? 0);
      const log = createRunLogWriter(deps.store, identityOf(run), deps.logger, logged.lastId);
      const trace = deps.settings.tracer.startRun(run.id, run.model);
      const { tools, useLog } = await openTools(run, trace);
      useLog(log);
      launch(run, tools, log, logged, trace);
    } catch (error) {
      if (isPassingConnectFailure(error)) {
        // The hub or its proxy is not up yet (the product starting, the agent first): the
        // question stays open and the next sweep tries again.
        deps.logger.warn({ err: error, runId }, "run not resumed yet: its tools do not answer");
        await deps.store.release(runId, deps.nodeId);
        held.delete(runId);
        return;
      }
      deps.logger.error({ err: error, runId }, "could not resume run");
      await endRun(
        deps,
        run,
        "failed",
        closingEvents(identityOf(run), { error: toRunError(error) }),
      );
      await deps.store.release(runId, deps.nodeId);
      held.delete(runId);
    }
  };

  return {
    async start(request, bearer, caller) {
      const runId = randomUUID();
      const trace = deps.settings.tracer.startRun(runId, request.model);
      const { tools, useLog } = await openTools(
        { bearer, inquiryTimeoutSeconds: request.inquiryTimeoutSeconds, yolo: request.yolo },
        trace,
      );
      const run: RunRecord = {
        id: runId,
        ownerUserId: caller.userId,
        startedByCredentialId: caller.credentialId,
        model: request.model,
        completionId: `chatcmpl-${randomUUID()}`,
        created: Math.floor(Date.now() / 1000),
        bearer,
        ...(request.inquiryTimeoutSeconds === undefined
          ? {}
          : { inquiryTimeoutSeconds: request.inquiryTimeoutSeconds }),
        ...(request.yolo === undefined ? {} : { yolo: request.yolo }),
        metadata: request.metadata,
        status: "running",
        checkpoint: {
          history: [...withSystemPrompt(request.messages, deps.settings.systemPrompt)],
          step: 0,
        },
      };
      held.add(run.id);
      try {
        await deps.store.create(run);
        await deps.store.claim(run.id, deps.nodeId, deps.timing.leaseMs);
      } catch (error) {
        held.delete(run.id);
        trace.end("failed", error);
        await tools.close();
        throw error;
      }
      const log = createRunLogWriter(deps.store, identityOf(run), deps.logger);
      useLog(log);
      log.start();
      deps.settings.metrics.runStarted("background");
      launch(run, tools, log, undefined, trace);
      return run;
    },
    async authorize(runId, bearer) {
      const run = await deps.store.get(runId);
      if (!run) return undefined;
      const caller = await deps.hub.identify(bearer);
      return caller !== undefined && mayAccessRun(run, caller) ? run : undefined;
    },
    async cancel(run) {
      await deps.store.requestCancel(run.id);
      const final = await waitForFinal(deps.store, run.id, CANCEL_WAIT_MS);
      if (final) return final;
      await endRun(deps, run, "cancelled", closingEvents(identityOf(run), { usage: undefined }));
      return (await deps.store.get(run.id)) ?? run;
    },
    async sweep() {
      const ids = await deps.store.listRunning();
      for (const runId of ids) {
        await resume(runId).catch((error: unknown) =>
          deps.logger.error({ err: error, runId }, "resume sweep failed for a run"),
        );
      }
    },
    async detachAll() {
      detaching = true;
      const runs = [...active.values()];
      for (const run of runs) run.detach();
      await Promise.all(runs.map((run) => run.done));
    },
    listenForCancels: () =>
      deps.store.onCancelRequested((runId) => {
        active.get(runId)?.cancel();
      }),
  };
}
