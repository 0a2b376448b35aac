import type { MeResponse, RunStatus, UpdateTurnBody } from "@inquiry-hub/protocol";
import type { ToolLoopCheckpoint } from "../loop/run-tool-loop";

/**
 * Where a run can pick up after the agent died: the tool loop's progress (its history and the
 * step it is on) and the log position it was saved at. Written after every model turn and
 * every tool result, so a restarted agent redoes at most the one step that was in flight.
 */
export interface RunCheckpoint extends ToolLoopCheckpoint {
  /**
   * The id of the newest log event when the checkpoint was saved (absent: 0). The content
   * logged after it belongs to the step in flight, so a resume does not stream it twice.
   */
  logMark?: number;
}

/** What a run needs to start again on another process: everything but live objects. */
export interface RunRecord {
  id: string;
  /** The hub user the run's credential belongs to; only they may re-attach or cancel. */
  ownerUserId: string;
  /**
   * The hub id of the credential that started the run: besides the person's own sessions, the
   * only one that may re-attach or cancel (see run-access.ts). Absent on runs stored before it
   * was recorded, which serve the person's sessions only.
   */
  startedByCredentialId?: string;
  model: string;
  /** `chatcmpl-<uuid>`, kept so a resumed run's chunks carry the same completion id. */
  completionId: string;
  /** Unix seconds. */
  created: number;
  /**
   * The run's agent credential (minted by the web for this run, revoked by the agent when the
   * run ends). Kept so a restarted agent can resume the run's MCP calls as the same principal.
   */
  bearer: string;
  inquiryTimeoutSeconds?: number;
  /** `false`: this chat always asks (the request's `yolo: false`). */
  yolo?: false;
  metadata: Record<string, string>;
  status: RunStatus;
  checkpoint: RunCheckpoint;
  /** ISO time the run ended; the log expires `runLogTtl` after it. */
  finishedAt?: string;
}

/** One event of a run's log: its SSE `data:` (a chunk's JSON, an error event, or `[DONE]`). */
export interface RunEvent {
  /** 1, 2, 3, … in the order written; the SSE `id:`. */
  id: number;
  data: string;
}

/**
 * Runs and their event logs. Memory for tests, LMDB for one agent (`npm start`), Redis (a
 * stream per run) for several agent nodes, where any node serves a re-attach.
 */
export interface RunStore {
  create(run: RunRecord): Promise<void>;
  get(runId: string): Promise<RunRecord | undefined>;
  /** Saves the loop's progress; ignored once the run is final. */
  saveCheckpoint(runId: string, checkpoint: RunCheckpoint): Promise<void>;
  /**
   * Sets a final status (and `finishedAt`) unless the run is already final; true when this
   * call ended it. From now on the record and its log live `ttlMs`.
   */
  finish(
    runId: string,
    status: Exclude<RunStatus, "running">,
    finishedAt: string,
  ): Promise<boolean>;
  /** Appends `data` to the run's log and returns its id (one more than the last). */
  append(runId: string, data: string): Promise<number>;
  /** The events with id > `afterId`, oldest first, at most `limit`. */
  read(runId: string, afterId: number, limit: number): Promise<RunEvent[]>;
  /**
   * Calls `listener` whenever an event is appended to the run's log on any node (the id of the
   * newest). Returns the unsubscribe function.
   */
  watch(runId: string, listener: (lastId: number) => void): Promise<() => Promise<void>>;
  /** Asks the node running the run to stop it; every node's `onCancelRequested` hears it. */
  requestCancel(runId: string): Promise<void>;
  onCancelRequested(listener: (runId: string) => void): Promise<() => Promise<void>>;
  /** Ids of runs still `running`, for the resume sweep after a restart. */
  listRunning(): Promise<string[]>;
  /**
   * Takes (or renews) the lease that makes `nodeId` the one process running `runId`, for
   * `ttlMs`; false when another live node holds it. A crashed node's lease runs out and
   * another node (or the same one, restarted) resumes the run.
   */
  claim(runId: string, nodeId: string, ttlMs: number): Promise<boolean>;
  /** Gives a lease up (the run ended or the node shuts down cleanly). */
  release(runId: string, nodeId: string): Promise<void>;
  /**
   * Whether the store can serve now, for `GET /ready`; a store without it (memory, LMDB) always
   * can. Answered from local state, so a load balancer may ask often.
   */
  readiness?(): { ready: true } | { ready: false; reason: string };
  close(): Promise<void>;
}

/** Who presented a bearer, as the hub resolves it (`GET /api/auth/me`). */
export interface RunCaller {
  userId: string;
  /** The presenting credential's id at the hub. */
  credentialId: string;
  /** What the hub issued the credential for. */
  purpose: MeResponse["purpose"];
}

/** The hub REST calls of background runs, each made with the run's own bearer. */
export interface HubClient {
  /**
   * Who a bearer is: its user, its credential and what that was issued for; undefined when
   * the hub refuses it (401/403).
   */
  identify(bearer: string): Promise<RunCaller | undefined>;
  /** Best effort: reports a conversation turn's state; failures are logged, never thrown. */
  updateTurn(
    bearer: string,
    conversationId: string,
    turnId: string,
    body: UpdateTurnBody,
  ): Promise<void>;
  /** Best effort: revokes the run's credential, so it dies with the run. */
  revokeRunCredential(bearer: string): Promise<void>;
}
