import { randomUUID } from "node:crypto";
import type {
  AnswerBody,
  Inquiry,
  InquiryResolution,
  InquiryStatus,
  InquiryType,
} from "@inquiry-hub/protocol";
import { HubError } from "./errors";
import {
  alreadyResolvedError,
  hubResolution,
  openInquiry,
  resolutionFromAnswer,
} from "./inquiry-machine";
import type { InquiryEventBus, InquiryStore } from "./ports";
import { createBackstopTimers } from "./backstop-timers";

/** What an agent asks; the service adds identity, owner and deadlines. */
export interface CreateInquiryInput {
  type?: InquiryType;
  question: string;
  options?: string[];
  suggestedAnswer?: string | undefined;
  /** Client auto-reply deadline from now; the service default when absent. */
  timeoutMs?: number;
}

/** Tunables of the inquiry lifecycle, all in milliseconds. */
export interface InquiryServiceOptions {
  /** Default client auto-reply deadline (expiresAt = createdAt + this). */
  defaultTimeoutMs: number;
  /** The hub's backstop resolves `timeout` at expiresAt + this, if no device did. */
  timeoutGraceMs: number;
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
   * device (by name when known) and the status if it was already resolved.
   */
  answer(userId: string, id: string, body: AnswerBody, deviceId: string): Promise<Inquiry>;
  /** Compare-and-set: returns the final inquiry and whether this call was the one that won. */
  resolve(
    id: string,
    resolution: InquiryResolution,
  ): Promise<{ applied: boolean; inquiry: Inquiry }>;
  /** Resolves `cancelled` unless already final; returns the final record. */
  cancel(id: string): Promise<Inquiry>;
  /** Settles with the final record once the inquiry leaves `pending` (at the latest at the backstop). */
  waitForResolution(id: string): Promise<Inquiry>;
  /** Stops all timers; pending inquiries stay pending in the store. */
  close(): void;
}

/**
 * Wires the service to its store and bus. `deviceName`, when given, names the winning device
 * in conflict errors ("answered on \"Pixel 7\"").
 */
export function createInquiryService(
  deps: {
    store: InquiryStore;
    bus: InquiryEventBus;
    deviceName?: (deviceId: string) => Promise<string | undefined>;
  },
  options: InquiryServiceOptions,
): InquiryService {
  const now = options.now ?? (() => new Date());
  const backstops = createBackstopTimers();

  async function conflict(inquiry: Inquiry): Promise<HubError> {
    const deviceId = inquiry.resolution?.byDeviceId;
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
        return { applied: false, inquiry: outcome.inquiry };
      case "resolved":
        backstops.clear(id);
        await deps.bus.publish({ type: "inquiry.resolved", inquiry: outcome.inquiry });
        return { applied: true, inquiry: outcome.inquiry };
    }
  }

  function scheduleBackstop(inquiry: Inquiry): void {
    const dueAt = Date.parse(inquiry.expiresAt) + options.timeoutGraceMs;
    backstops.schedule(inquiry.id, dueAt - now().getTime(), () =>
      resolve(inquiry.id, hubResolution("timeout", now())),
    );
  }

  async function getOwned(userId: string, id: string): Promise<Inquiry> {
    const inquiry = await deps.store.get(id);
    if (inquiry?.userId !== userId) throw new HubError("NOT_FOUND", `inquiry ${id} not found`);
    return inquiry;
  }

  return {
    async create(userId, input) {
      const createdAt = now();
      const inquiry = openInquiry({
        id: randomUUID(),
        userId,
        type: input.type ?? "INQUIRY",
        question: input.question,
        options: input.options ?? [],
        suggestedAnswer: input.suggestedAnswer,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + (input.timeoutMs ?? options.defaultTimeoutMs)),
      });
      await deps.store.insert(inquiry);
      scheduleBackstop(inquiry);
      await deps.bus.publish({ type: "inquiry.created", inquiry });
      return inquiry;
    },

    get: getOwned,

    list(userId, status) {
      return deps.store.listByUser(userId, status);
    },

    async answer(userId, id, body, deviceId) {
      const inquiry = await getOwned(userId, id);
      if (inquiry.status !== "pending") throw await conflict(inquiry);
      const outcome = await resolve(id, resolutionFromAnswer(inquiry.type, body, now(), deviceId));
      if (!outcome.applied) throw await conflict(outcome.inquiry);
      return outcome.inquiry;
    },

    resolve,

    async cancel(id) {
      return (await resolve(id, hubResolution("cancelled", now()))).inquiry;
    },

    waitForResolution(id) {
      return new Promise<Inquiry>((settle, fail) => {
        const unsubscribe = deps.bus.subscribe((event) => {
          if (event.type === "inquiry.resolved" && event.inquiry.id === id) {
            unsubscribe();
            settle(event.inquiry);
          }
        });
        deps.store.get(id).then(
          (current) => {
            if (current === undefined) {
              unsubscribe();
              fail(new HubError("NOT_FOUND", `inquiry ${id} not found`));
            } else if (current.status !== "pending") {
              unsubscribe();
              settle(current);
            }
          },
          (error: unknown) => {
            unsubscribe();
            fail(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },

    close() {
      backstops.clearAll();
    },
  };
}
