import { randomUUID } from "node:crypto";
import type {
  AnswerBody,
  AnswerVia,
  ApprovalDetails,
  ElicitationDetails,
  Inquiry,
  InquiryResolution,
  InquiryStatus,
  InquiryType,
  Question,
  SharedApproval,
  SuggestedBy,
} from "@inquiry-hub/protocol";
import { checkApprovalAnswer } from "./approval-answer";
import { checkElicitationAnswer } from "./elicitation-answer";
import { checkQuestionnaireAnswer } from "./questionnaire-answer";
import type { ArgumentsValidator } from "./ports";
import { HubError } from "../../kernel/errors";
import {
  alreadyResolvedError,
  hubResolution,
  openInquiry,
  resolutionFromAnswer,
} from "./inquiry-machine";
import type { InquiryEventBus, InquiryStore } from "./ports";
import type { Logger } from "../../kernel/ports";
import { createBackstopTimers } from "./backstop-timers";
import { insertLimitsOf, pendingCapError } from "./pending-caps";
import type { PendingCaps } from "./pending-caps";
import { createInquiryExtension } from "./inquiry-extension";
import type { ExtensionRules } from "./inquiry-extension";
import { createAgentWaitingUpdate } from "./agent-waiting";
import { NO_INQUIRY_METRICS } from "./inquiry-metrics";
import type { InquiryMetrics } from "./inquiry-metrics";
import { NO_INQUIRY_TRACING } from "./inquiry-tracing";
import type { InquiryTracing, TraceCarrier } from "./inquiry-tracing";

/** What an agent asks; the service adds identity, owner and deadlines. */
export interface CreateInquiryInput {
  /** A caller-chosen id: an idempotent call reserves it under its key before creating. Random when absent. */
  id?: string | undefined;
  type?: InquiryType;
  question: string;
  options?: string[];
  suggestedAnswer?: string | undefined;
  /** Who wrote `suggestedAnswer`; the agent when absent. */
  suggestedBy?: SuggestedBy | undefined;
  /** Client auto-reply deadline from now; the service default when absent. */
  timeoutMs?: number;
  /** For `type: "APPROVAL"`: the gated tool call, stored on the record. */
  approval?: ApprovalDetails;
  /** A questionnaire, stored on the record; answers must fit it. */
  questions?: Question[] | undefined;
  /** For an APPROVAL routed to a team: audience and rule, stored on the record. */
  sharedApproval?: SharedApproval | undefined;
  /** For an upstream's elicitation relayed by the approval proxy, stored on the record. */
  elicitation?: ElicitationDetails | undefined;
  /** The credential whose MCP call asks; an agent credential may read only what it asked. */
  askedByCredentialId?: string | undefined;
  /**
   * False: store the inquiry without telling any device and without a backstop, because
   * the caller resolves it at once itself (YOLO). Default true.
   */
  announce?: boolean;
  /** The asking call's trace context, stored with the inquiry so later spans join its trace. */
  traceContext?: TraceCarrier | undefined;
}

/** One local `waitForResolution` call. */
interface Waiter {
  settle(inquiry: Inquiry): void;
  fail(error: Error): void;
}

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
   * where the person answered when it was not on that device (e.g. in the agent's MCP client).
   */
  answer(
    userId: string,
    id: string,
    body: AnswerBody,
    deviceId: string,
    via?: AnswerVia,
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
 * Wires the service to its store and bus. `deviceName`, when given, names the winning device
 * in conflict errors ("answered on \"Pixel 7\""). `validateArguments` judges `edit` answers
 * of APPROVAL inquiries from the stored record, so every node refuses a bad edit alike.
 */
export function createInquiryService(
  deps: {
    store: InquiryStore;
    bus: InquiryEventBus;
    deviceName?: (deviceId: string) => Promise<string | undefined>;
    /** Checks edited arguments of APPROVAL answers against the tool's inputSchema. */
    validateArguments: ArgumentsValidator;
    logger: Logger;
    /** Where lifecycle moments are counted; nothing by default. */
    metrics?: InquiryMetrics;
    /** Where the answer span is recorded; nothing by default. */
    tracing?: InquiryTracing;
  },
  options: InquiryServiceOptions,
): InquiryService {
  const now = options.now ?? (() => new Date());
  const metrics = deps.metrics ?? NO_INQUIRY_METRICS;
  const tracing = deps.tracing ?? NO_INQUIRY_TRACING;
  const backstops = createBackstopTimers((error, id) =>
    deps.logger.error({ err: error, inquiryId: id }, "inquiry deadline backstop failed"),
  );
  const waiters = new Map<string, Set<Waiter>>();
  let shuttingDown = false;

  /** Settles every local wait for `inquiry` if it is final; safe to call more than once. */
  function settleWaiters(inquiry: Inquiry): void {
    if (inquiry.status === "pending") return;
    metrics.seenFinal(inquiry);
    const waiting = waiters.get(inquiry.id);
    waiters.delete(inquiry.id);
    for (const waiter of waiting ?? []) waiter.settle(inquiry);
  }

  /** Fails the local waits for an inquiry the store no longer has (e.g. Redis lost its data). */
  function failWaiters(id: string): void {
    const waiting = waiters.get(id);
    waiters.delete(id);
    const error = new HubError("NOT_FOUND", `inquiry ${id} no longer exists in the store`);
    for (const waiter of waiting ?? []) waiter.fail(error);
  }

  const stopFollowing = deps.bus.subscribe((event) => {
    switch (event.type) {
      case "inquiry.resolved":
        settleWaiters(event.inquiry);
        return;
      case "inquiry.extended":
        if (backstops.has(event.inquiry.id)) scheduleBackstop(event.inquiry);
        return;
      case "inquiry.created":
      case "inquiry.agent-waiting":
        return;
    }
  });

  async function recheckWaiting(): Promise<void> {
    await Promise.all(
      [...waiters.keys()].map(async (id) => {
        const current = await deps.store.get(id);
        if (current === undefined) failWaiters(id);
        else settleWaiters(current);
      }),
    );
  }

  const stopResuming = deps.bus.onResume?.(() => {
    recheckWaiting().catch((error: unknown) =>
      deps.logger.error({ err: error }, "re-checking waited inquiries after a bus resume failed"),
    );
  });

  async function conflict(inquiry: Inquiry): Promise<HubError> {
    const deviceId = inquiry.resolution?.byDeviceId;
    metrics.conflicted();
    const name =
      deviceId === undefined || deps.deviceName === undefined
        ? undefined
        : await deps.deviceName(deviceId);
    return alreadyResolvedError(inquiry, name);
  }

  async function resolve(
    id: string,
    resolution: InquiryResolution,
  ): Promise<{ applied: boolean; inquiry: Inquiry }> {
    const outcome = await deps.store.resolve(id, resolution);
    switch (outcome.kind) {
      case "not-found":
        throw new HubError("NOT_FOUND", `inquiry ${id} not found`);
      case "already-final":
        backstops.clear(id);
        settleWaiters(outcome.inquiry);
        return { applied: false, inquiry: outcome.inquiry };
      case "resolved":
        backstops.clear(id);
        metrics.resolved(outcome.inquiry);
        settleWaiters(outcome.inquiry);
        await deps.bus.publish({ type: "inquiry.resolved", inquiry: outcome.inquiry });
        return { applied: true, inquiry: outcome.inquiry };
    }
  }

  function scheduleBackstop(inquiry: Inquiry): void {
    const dueAt = Date.parse(inquiry.expiresAt) + options.timeoutGraceMs;
    backstops.schedule(inquiry.id, dueAt - now().getTime(), () =>
      expireIfDue(inquiry.id, { held: true }),
    );
  }

  /**
   * Resolves `timeout` once the stored deadline has passed. A held inquiry (this node's
   * backstop) found extended meanwhile gets its backstop moved to the stored deadline.
   */
  async function expireIfDue(id: string, options_: { held: boolean }): Promise<boolean> {
    const current = await deps.store.get(id);
    if (current?.status !== "pending") return false;
    const dueAt = Date.parse(current.expiresAt) + options.timeoutGraceMs;
    if (dueAt > now().getTime()) {
      if (options_.held || backstops.has(id)) scheduleBackstop(current);
      return false;
    }
    return (await resolve(id, hubResolution("timeout", now()))).applied;
  }

  const extendPending = createInquiryExtension(
    {
      store: deps.store,
      bus: deps.bus,
      conflict,
      extended(inquiry) {
        if (backstops.has(inquiry.id)) scheduleBackstop(inquiry);
      },
    },
    options.extension,
  );

  async function getOwned(userId: string, id: string): Promise<Inquiry> {
    const inquiry = await deps.store.get(id);
    if (inquiry?.userId !== userId) throw new HubError("NOT_FOUND", `inquiry ${id} not found`);
    return inquiry;
  }

  /** Checks a person's answer against the stored record and resolves with it (compare-and-set). */
  async function answerPending(
    inquiry: Inquiry,
    body: AnswerBody,
    deviceId: string,
    via: AnswerVia | undefined,
  ): Promise<Inquiry> {
    if (inquiry.status !== "pending") throw await conflict(inquiry);
    checkApprovalAnswer(inquiry, body, deps.validateArguments);
    const checked = checkQuestionnaireAnswer(inquiry, body);
    checkElicitationAnswer(inquiry, checked, deps.validateArguments);
    const outcome = await resolve(
      inquiry.id,
      resolutionFromAnswer(inquiry.type, checked, now(), deviceId, via),
    );
    if (!outcome.applied) throw await conflict(outcome.inquiry);
    return outcome.inquiry;
  }

  return {
    async create(userId, input) {
      const createdAt = now();
      const inquiry = openInquiry({
        id: input.id ?? randomUUID(),
        userId,
        type: input.type ?? "INQUIRY",
        question: input.question,
        options: input.options ?? [],
        suggestedAnswer: input.suggestedAnswer,
        suggestedBy: input.suggestedBy,
        approval: input.approval,
        questions: input.questions,
        sharedApproval: input.sharedApproval,
        elicitation: input.elicitation,
        askedByCredentialId: input.askedByCredentialId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + (input.timeoutMs ?? options.defaultTimeoutMs)),
      });
      const inserted = await deps.store.insert(
        inquiry,
        insertLimitsOf(options.pendingCaps, input.announce !== false),
        input.traceContext,
      );
      const refused = pendingCapError(inserted, options.pendingCaps);
      if (refused !== undefined) throw refused;
      if (input.announce === false) return inquiry;
      scheduleBackstop(inquiry);
      metrics.opened(inquiry);
      await deps.bus.publish({
        type: "inquiry.created",
        inquiry,
        ...(input.traceContext === undefined ? {} : { traceContext: input.traceContext }),
      });
      return inquiry;
    },

    get: getOwned,

    list(userId, status) {
      return deps.store.listByUser(userId, status);
    },

    async answer(userId, id, body, deviceId, via) {
      const inquiry = await getOwned(userId, id);
      const endSpan = tracing.startAnswer(
        tracing.enabled ? await deps.store.traceContextOf(id) : undefined,
        inquiry,
      );
      try {
        const answered = await answerPending(inquiry, body, deviceId, via);
        endSpan({ outcome: answered.status });
        return answered;
      } catch (error) {
        endSpan({ error });
        throw error;
      }
    },

    async extend(userId, id, deviceId) {
      return extendPending(await getOwned(userId, id), deviceId);
    },

    setAgentWaiting: createAgentWaitingUpdate({ store: deps.store, bus: deps.bus }),

    expireIfDue: (id) => expireIfDue(id, { held: false }),

    resolve,

    async cancel(id) {
      if (shuttingDown && options.keepPendingOnShutdown === true) {
        const current = await deps.store.get(id);
        if (current !== undefined) return current;
      }
      return (await resolve(id, hubResolution("cancelled", now()))).inquiry;
    },

    beginShutdown() {
      shuttingDown = true;
    },

    waitForResolution(id) {
      return new Promise<Inquiry>((settle, fail) => {
        const waiting = waiters.get(id) ?? new Set();
        const waiter: Waiter = { settle, fail };
        waiting.add(waiter);
        waiters.set(id, waiting);
        const abandon = (error: Error): void => {
          waiting.delete(waiter);
          if (waiting.size === 0 && waiters.get(id) === waiting) waiters.delete(id);
          fail(error);
        };
        deps.store.get(id).then(
          (current) => {
            if (current === undefined)
              abandon(new HubError("NOT_FOUND", `inquiry ${id} not found`));
            else settleWaiters(current);
          },
          (error: unknown) => abandon(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },

    recheckWaiting,

    close() {
      backstops.clearAll();
      stopFollowing();
      stopResuming?.();
    },
  };
}
