import type {
  AnswerBody,
  AnswerVia,
  Inquiry,
  InquiryResolution,
  InquiryStatus,
} from "@inquiry-hub/protocol";
import type { ExtensionRules } from "./inquiry-extension";
import type { PendingCaps } from "./pending-caps";
import type { CreateInquiryInput } from "./create-inquiry-input";

/** Tunables of the inquiry lifecycle, all in milliseconds. */
export interface InquiryServiceOptions {
  /** Default client auto-reply deadline (expiresAt = createdAt + this). */
  defaultTimeoutMs: number;
  /** The hub's backstop resolves `timeout` at expiresAt + this, if no device did. */
  timeoutGraceMs: number;
  /**
   * What a person's Extend adds to `expiresAt`, and the most `expiresAt - createdAt` may
   * become by extending (the waiting call's timeout chain). Absent = Extend is refused.
   */
  extension?: ExtensionRules;
  /**
   * Pending inquiries one user, and one credential of theirs, may have at once; a creation
   * past either is refused (RATE_LIMITED naming the cap), checked atomically by the store, so
   * every node counts alike. Absent = no cap. Delegated (YOLO) records are exempt: they are
   * resolved at once and have their own per-minute budget.
   */
  pendingCaps?: PendingCaps;
  /**
   * The store outlives this process (the embedded store): a call broken because this node
   * shuts down leaves its inquiry pending, still answerable after the restart and timed out
   * by the sweeper at its deadline. Otherwise (memory, or Redis where the caller is gone for
   * good) such calls cancel their inquiry, so devices stop showing a question nobody awaits.
   */
  keepPendingOnShutdown?: boolean;
  now?: () => Date;
}

/** What else a person's answer records beyond the answer itself. */
export interface AnswerOptions {
  /** The approval was decided with its whole batch (one group decision). */
  batchId?: string | undefined;
}

/**
 * The one place inquiries change. Every resolution — HTTP answer, MCP respond, backstop
 * timeout, cancelled call — goes through `resolve`, a store compare-and-set, so an inquiry is
 * resolved exactly once and every waiter sees the same final record.
 */
export interface InquiryService {
  create(userId: string, input: CreateInquiryInput): Promise<Inquiry>;
  /** The user's inquiry; NOT_FOUND for unknown ids and for other users' (no existence leak). */
  get(userId: string, id: string): Promise<Inquiry>;
  list(userId: string, status?: InquiryStatus): Promise<Inquiry[]>;
  /**
   * A person's answer from the authenticated device `deviceId`; CONFLICT naming the winning
   * device (by name when known) and the status if it was already resolved. `via` records
   * where the person answered when it was not on that device (e.g. in the agent's MCP client);
   * `options.batchId` that it was one item of a group decision.
   */
  answer(
    userId: string,
    id: string,
    body: AnswerBody,
    deviceId: string,
    via?: AnswerVia,
    options?: AnswerOptions,
  ): Promise<Inquiry>;
  /**
   * A person's Extend from device `deviceId`: moves the pending inquiry's `expiresAt` one
   * step later, at most to `createdAt + maxLifetimeMs`; the backstop moves with it and every
   * device hears `inquiry.extended`. CONFLICT once resolved or when no more time may be given.
   */
  extend(userId: string, id: string, deviceId: string): Promise<Inquiry>;
  /**
   * Whether a call of the agent waits on the user's pending inquiry right now: true when a
   * call attaches, false when one leaves without a final answer (client timeout, dropped
   * connection, hold budget spent). Stored on the record (`agentWaiting`, in the pending
   * list too) and, when it changed, told to every device (`inquiry:agent-waiting`). A no-op
   * when unchanged or once final; NOT_FOUND for unknown ids and other users' inquiries.
   */
  setAgentWaiting(userId: string, id: string, waiting: boolean): Promise<void>;
  /**
   * The hub's own timeout: resolves `timeout` if the inquiry is pending and its deadline
   * (`expiresAt` + grace, as stored now, so an extension counts) has passed. What backstop
   * timers and the sweeper call; returns whether this call resolved it.
   */
  expireIfDue(id: string): Promise<boolean>;
  /** Compare-and-set: returns the final inquiry and whether this call was the one that won. */
  resolve(
    id: string,
    resolution: InquiryResolution,
  ): Promise<{ applied: boolean; inquiry: Inquiry }>;
  /**
   * Resolves `cancelled` unless already final; returns the final record. While this node shuts
   * down with `keepPendingOnShutdown`, leaves the inquiry as it is and returns it.
   */
  cancel(id: string): Promise<Inquiry>;
  /** Settles with the final record once the inquiry leaves `pending` (at the latest at the backstop). */
  waitForResolution(id: string): Promise<Inquiry>;
  /**
   * Re-reads every inquiry this node waits for and settles the waits of those already final.
   * For buses that can lose events (Redis pub/sub across a reconnect): run on the bus's
   * resume and periodically by the sweeper, so a missed event delays a waiter, never strands it.
   */
  recheckWaiting(): Promise<void>;
  /** This node is shutting down: the calls it holds are about to break (see `cancel`). */
  beginShutdown(): void;
  /** Stops all timers and the bus subscription; pending inquiries stay pending in the store. */
  close(): void;
}

/**
 * The service as the wrappers built on it see it (shared approvals): a wrapper that has just
 * read the record to decide who may answer passes it on instead of having it read again.
 */
export interface InquiryCore extends InquiryService {
  /**
   * `answer` by the record's owner, given the record the caller has just read: the same checks
   * and the same compare-and-set, which decides against any answer that came in meanwhile.
   */
  answerRecord: (
    inquiry: Inquiry,
    body: AnswerBody,
    deviceId: string,
    via?: AnswerVia,
    options?: AnswerOptions,
  ) => Promise<Inquiry>;
}
