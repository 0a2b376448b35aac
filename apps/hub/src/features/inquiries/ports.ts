import type { Inquiry, InquiryResolution, InquiryStatus } from "@inquiry-hub/protocol";
import type { TraceCarrier } from "./inquiry-tracing";

/**
 * Result of a compare-and-set resolution: `resolved` when this call moved the inquiry out of
 * `pending`, `already-final` with the stored (winning) record otherwise.
 */
export type StoreResolveOutcome =
  | { kind: "resolved"; inquiry: Inquiry }
  | { kind: "already-final"; inquiry: Inquiry }
  | { kind: "not-found" };

/**
 * Result of a compare-and-set extension: `extended` when the pending inquiry's `expiresAt`
 * was still `from` and is now `to`; `stale` with the stored record when its `expiresAt` moved
 * meanwhile (another extension won; re-read and retry); `already-final` once resolved.
 */
export type StoreExtendOutcome =
  | { kind: "extended"; inquiry: Inquiry }
  | { kind: "stale"; inquiry: Inquiry }
  | { kind: "already-final"; inquiry: Inquiry }
  | { kind: "not-found" };

/**
 * Result of setting a pending inquiry's `agentWaiting`: `changed` when this call moved it,
 * `unchanged` when it already held that value (absent counts as waiting), `already-final`
 * once resolved (final records keep what they had).
 */
export type StoreAgentWaitingOutcome =
  | { kind: "changed"; inquiry: Inquiry }
  | { kind: "unchanged"; inquiry: Inquiry }
  | { kind: "already-final"; inquiry: Inquiry }
  | { kind: "not-found" };

/** What `insert` checks in the same atomic step as the write. */
export interface StoreInsertLimits {
  /** A pending inquiry is refused while its user already has this many pending. */
  maxPendingPerUser: number;
  /**
   * A pending inquiry with an `askedByCredentialId` is refused while that credential of its
   * user already asked this many that are still pending. Absent = no per-credential cap.
   */
  maxPendingPerCredential?: number | undefined;
}

/**
 * `inserted`; `pending-cap` (nothing written) when the user is at `maxPendingPerUser`;
 * `credential-pending-cap` (nothing written) when the asking credential is at
 * `maxPendingPerCredential`.
 */
export type StoreInsertOutcome =
  { kind: "inserted" } | { kind: "pending-cap" } | { kind: "credential-pending-cap" };

/**
 * Where inquiries live. Records are plain JSON. `resolve` must be atomic (a single-threaded
 * map update in memory, a Lua script in Redis) so that racing answers yield one winner, and so
 * must `insert` with its pending caps, so racing creations on any node cannot overshoot them.
 * Resolved records expire after the history TTL; pending ones never do. Listing reads one
 * user's index, never everyone's records.
 */
export interface InquiryStore {
  /**
   * Rejects on a duplicate id; `limits` absent = no cap. `traceContext` is kept with the
   * record (never part of the `Inquiry` read back) for `traceContextOf`.
   */
  insert(
    inquiry: Inquiry,
    limits?: StoreInsertLimits,
    traceContext?: TraceCarrier,
  ): Promise<StoreInsertOutcome>;
  get(id: string): Promise<Inquiry | undefined>;
  /** The trace context stored with the inquiry at insert; undefined without one or once gone. */
  traceContextOf(id: string): Promise<TraceCarrier | undefined>;
  /** The user's inquiries, newest first, optionally only those with `status`. */
  listByUser(userId: string, status?: InquiryStatus): Promise<Inquiry[]>;
  resolve(id: string, resolution: InquiryResolution): Promise<StoreResolveOutcome>;
  /**
   * Moves a pending inquiry's `expiresAt` from `from` to `to` (ISO timestamps), atomically
   * like `resolve`, and moves it in the overdue index too, so the sweeper judges the new
   * deadline. Nothing changes unless the record is pending with `expiresAt === from`.
   */
  extend(id: string, change: { from: string; to: string }): Promise<StoreExtendOutcome>;
  /**
   * Sets a pending inquiry's `agentWaiting`, atomically like `resolve` (never on a final
   * record, never undoing a concurrent resolution or extension).
   */
  setAgentWaiting(id: string, waiting: boolean): Promise<StoreAgentWaitingOutcome>;
}

/** What happened to an inquiry; transports (Socket.IO fan-out, MCP waits) subscribe to it. */
export type InquiryEvent =
  | { type: "inquiry.created"; inquiry: Inquiry; traceContext?: TraceCarrier | undefined }
  | { type: "inquiry.resolved"; inquiry: Inquiry }
  | { type: "inquiry.extended"; inquiry: Inquiry; byDeviceId: string }
  | { type: "inquiry.agent-waiting"; inquiry: Inquiry };

/**
 * Publishes inquiry events to every subscriber. In one process a plain emitter; across nodes
 * Redis pub/sub, so a call suspended on node A hears an answer given on node B.
 */
export interface InquiryEventBus {
  publish(event: InquiryEvent): Promise<void>;
  /** Returns the unsubscribe function; callers must call it to avoid leaks. */
  subscribe(listener: (event: InquiryEvent) => void): () => void;
  /**
   * For buses that can be interrupted (Redis pub/sub): `listener` runs each time the bus is
   * live again after an interruption, when events published meanwhile may have been missed,
   * so waiters can re-read what they wait for. Returns the unsubscribe function.
   */
  onResume?(listener: () => void): () => void;
}

/**
 * What the pending sweeper needs from a store shared by several hub nodes. The in-memory,
 * single-node hub has no such index: its own backstop timers are the whole story there.
 */
export interface PendingIndex {
  /**
   * Ids of pending inquiries whose `expiresAt` is at or before `dueBefore`, oldest first, at
   * most `limit`: inquiries whose holder's own backstop timer should already have fired.
   */
  overdue(dueBefore: Date, limit: number): Promise<string[]>;
  /**
   * Ids of pending inquiries whose holder node has lost its lease (crashed, killed, cut off),
   * at most `limit`. Returns nothing while this node cannot yet tell a dead holder from one
   * that has not had the chance to renew (see the lease's `canJudgeOthers`).
   */
  orphaned(limit: number): Promise<string[]>;
}

/**
 * Port: checks a tool's arguments against its JSON Schema (`inputSchema`). Returns the
 * problem as text for the person ("arguments/path must be string"), or undefined when the
 * arguments are valid. Core stays free of any JSON Schema library; infra implements it.
 */
export type ArgumentsValidator = (
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
) => string | undefined;

/**
 * Drafts a suggested answer to a question on the person's behalf, for `send_inquiry` calls
 * that carry no `suggested_answer`. The person still decides: the draft only pre-fills the
 * card ("Use suggested answer"), marked as the assistant's.
 *
 * Contract: resolves within the implementation's timeout and never rejects. A failed, slow
 * or empty draft resolves `undefined` (and is logged by the implementation), so drafting can
 * only ever cost the caller a bounded delay, never the inquiry itself.
 */
export interface AnswerDrafter {
  draft(question: string, options: readonly string[]): Promise<string | undefined>;
}

/**
 * Whose idempotency keys: one credential of one user. A key is the caller's own retry handle,
 * so it is scoped to the credential that made the call: another agent key of the same person
 * that sends the same key opens its own inquiry, never reads this one's answer or result, and
 * never holds (or withdraws) this one's inquiry.
 */
export interface IdempotencyScope {
  userId: string;
  /** The calling credential's id (a device or an agent credential; `askedByCredentialId`). */
  credentialId: string;
}

/**
 * Port: each credential's idempotency keys (`_meta` "io.inquiry-hub/idempotency-key" of an MCP
 * call) → the inquiry the key's first call opened. Scoped per user and credential
 * ({@link IdempotencyScope}), so a key can never name another user's, or another of the
 * person's agents', inquiry. Entries expire after `ttlMs` (the inquiry's life plus a day), so
 * a key outlives every retry of its call but not forever.
 */
export interface IdempotencyIndex {
  /**
   * Set-if-absent, atomically: records `key → inquiryId` unless the scope's key already names
   * an inquiry, and returns the inquiry id the key names afterwards (`inquiryId` when this
   * call won, the earlier one otherwise). Of two racing claims exactly one wins.
   */
  claim(scope: IdempotencyScope, key: string, inquiryId: string, ttlMs: number): Promise<string>;
  /** Drops the key if it still names `inquiryId` (its inquiry was never created). */
  release(scope: IdempotencyScope, key: string, inquiryId: string): Promise<void>;
  /**
   * Keeps `result` (opaque text; what the key's call produced, e.g. a forwarded tool result)
   * beside the entry while the key still names `inquiryId`, expiring with it. `if-absent`
   * attaches only when the entry has no result yet, atomically, so of racing attaches exactly
   * one lands; `replace` overwrites. Returns the result attached afterwards, or undefined
   * when the key no longer names `inquiryId` (expired or released).
   */
  attachResult(
    scope: IdempotencyScope,
    key: string,
    inquiryId: string,
    result: string,
    mode: "if-absent" | "replace",
  ): Promise<string | undefined>;
  /** What a scope's key names now, with its attached result; undefined once gone or expired. */
  read(scope: IdempotencyScope, key: string): Promise<IdempotencyEntry | undefined>;
}

/** One held idempotency key: the inquiry it names and the result attached to it, if any. */
export interface IdempotencyEntry {
  inquiryId: string;
  result?: string | undefined;
}
