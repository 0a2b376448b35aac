import type { AnswerBody, AnswerVia, Inquiry, InquiryResolution } from "@inquiry-hub/protocol";
import { checkApprovalAnswer } from "./approval-answer";
import { checkElicitationAnswer } from "./elicitation-answer";
import { checkQuestionnaireAnswer } from "./questionnaire-answer";
import type { ArgumentsValidator } from "./ports";
import { HubError } from "../../kernel/errors";
import { alreadyResolvedError, hubResolution, resolutionFromAnswer } from "./inquiry-machine";
import type { InquiryEventBus, InquiryStore } from "./ports";
import type { Logger } from "../../kernel/ports";
import { createBackstopTimers } from "./backstop-timers";
import { insertLimitsOf, pendingCapError } from "./pending-caps";
import { createInquiryExtension } from "./inquiry-extension";
import { createAgentWaitingUpdate } from "./agent-waiting";
import { NO_INQUIRY_METRICS } from "./inquiry-metrics";
import type { InquiryMetrics } from "./inquiry-metrics";
import { NO_INQUIRY_TRACING } from "./inquiry-tracing";
import type { InquiryTracing } from "./inquiry-tracing";
import { createInquiryWaiters } from "./inquiry-waiters";
import { openInquiryFor } from "./create-inquiry-input";
import type { AnswerOptions, InquiryCore, InquiryServiceOptions } from "./inquiry-service-api";

export type { InquiryCore, InquiryService, InquiryServiceOptions } from "./inquiry-service-api";
export type { CreateInquiryInput } from "./create-inquiry-input";

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
): InquiryCore {
  const now = options.now ?? (() => new Date());
  const metrics = deps.metrics ?? NO_INQUIRY_METRICS;
  const tracing = deps.tracing ?? NO_INQUIRY_TRACING;
  const backstops = createBackstopTimers((error, id) =>
    deps.logger.error({ err: error, inquiryId: id }, "inquiry deadline backstop failed"),
  );
  const waiters = createInquiryWaiters({ store: deps.store, metrics });
  let shuttingDown = false;

  const stopFollowing = deps.bus.subscribe((event) => {
    switch (event.type) {
      case "inquiry.resolved":
        waiters.settle(event.inquiry);
        return;
      case "inquiry.extended":
        if (backstops.has(event.inquiry.id)) scheduleBackstop(event.inquiry);
        return;
      case "inquiry.created":
      case "inquiry.agent-waiting":
        return;
    }
  });

  const stopResuming = deps.bus.onResume?.(() => {
    waiters
      .recheck()
      .catch((error: unknown) =>
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
        waiters.settle(outcome.inquiry);
        return { applied: false, inquiry: outcome.inquiry };
      case "resolved":
        backstops.clear(id);
        metrics.resolved(outcome.inquiry);
        waiters.settle(outcome.inquiry);
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
    batchId: string | undefined,
  ): Promise<Inquiry> {
    if (inquiry.status !== "pending") throw await conflict(inquiry);
    checkApprovalAnswer(inquiry, body, deps.validateArguments);
    const checked = checkQuestionnaireAnswer(inquiry, body);
    checkElicitationAnswer(inquiry, checked, deps.validateArguments);
    const outcome = await resolve(inquiry.id, {
      ...resolutionFromAnswer(inquiry.type, checked, now(), deviceId, via),
      ...(batchId === undefined ? {} : { batchId }),
    });
    if (!outcome.applied) throw await conflict(outcome.inquiry);
    return outcome.inquiry;
  }

  /** A person's answer to the record just read, traced as one answer span. */
  async function answerRecord(
    inquiry: Inquiry,
    body: AnswerBody,
    deviceId: string,
    via: AnswerVia | undefined,
    answerOptions: AnswerOptions | undefined,
  ): Promise<Inquiry> {
    const endSpan = tracing.startAnswer(
      tracing.enabled ? await deps.store.traceContextOf(inquiry.id) : undefined,
      inquiry,
    );
    try {
      const answered = await answerPending(inquiry, body, deviceId, via, answerOptions?.batchId);
      endSpan({ outcome: answered.status });
      return answered;
    } catch (error) {
      endSpan({ error });
      throw error;
    }
  }

  return {
    async create(userId, input) {
      const inquiry = openInquiryFor(userId, input, now(), options.defaultTimeoutMs);
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

    async answer(userId, id, body, deviceId, via, answerOptions) {
      return answerRecord(await getOwned(userId, id), body, deviceId, via, answerOptions);
    },

    answerRecord,

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

    waitForResolution: waiters.wait,

    recheckWaiting: waiters.recheck,

    close() {
      backstops.clearAll();
      stopFollowing();
      stopResuming?.();
    },
  };
}
