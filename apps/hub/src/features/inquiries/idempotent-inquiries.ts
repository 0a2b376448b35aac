import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Inquiry } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { CreateInquiryInput, InquiryService } from "./inquiry-service";
import { createKeptDeliveries } from "./kept-deliveries";
import type { KeptDeliveries } from "./kept-deliveries";
import type { IdempotencyIndex, IdempotencyScope } from "./ports";

/** How long a key stays after its inquiry's deadline: a day of retries and late resumes. */
const KEY_MARGIN_MS = 24 * 60 * 60 * 1000;
/** A claimed key whose inquiry is not there yet is re-read this often… */
const CLAIM_POLL_MS = 50;
/** …this many times (5 s): long enough for the winner's create, short of a stuck call. */
const CLAIM_POLLS = 100;

/** The inquiry a keyed call holds on, and whether this call opened it. */
export interface IdempotentCreation {
  inquiry: Inquiry;
  created: boolean;
}

/**
 * Creates inquiries at most once per credential and idempotency key; under a repeat key
 * (repeat-key.ts), whose answer is kept for the agent only until it reached it, hands the
 * final answer to one call at a time (KeptDeliveries).
 */
export interface IdempotentInquiries extends KeptDeliveries {
  /**
   * The first call with `key` from the scope's credential creates the inquiry (under an id
   * reserved in the index first, so racing calls with one key end on one inquiry); a repeated
   * call of that credential gets the inquiry the key names, pending or final. The same key
   * from another credential of the person is another key: it opens its own inquiry. A
   * creation that fails releases the key again.
   */
  createOnce(
    scope: IdempotencyScope,
    key: string,
    input: CreateInquiryInput,
  ): Promise<IdempotentCreation>;
  /** Frees `key` if it still names `inquiryId`: its outcome was delivered another way. */
  forget(scope: IdempotencyScope, key: string, inquiryId: string): Promise<void>;
}

/**
 * Wires the index to the service. The key lives as long as the inquiry can (its timeout,
 * the backstop grace) plus a day. A key whose inquiry never appears (the creating node died
 * between claim and create) is released after a bounded wait and claimed afresh, once.
 */
export function createIdempotentInquiries(
  deps: {
    inquiries: InquiryService;
    index: IdempotencyIndex;
    /** Where kept answers' delivery marks are claimed; `index` when absent (KeptDeliveries). */
    marks?: IdempotencyIndex | undefined;
  },
  options: {
    defaultTimeoutMs: number;
    timeoutGraceMs: number;
    /** How long an answer handed to a call waits for the call's cancel (KeptDeliveries). */
    deliveryConfirmMs: number;
  },
): IdempotentInquiries {
  const { inquiries, index } = deps;

  async function findClaimed(userId: string, inquiryId: string): Promise<Inquiry | undefined> {
    for (let poll = 0; poll < CLAIM_POLLS; poll += 1) {
      try {
        return await inquiries.get(userId, inquiryId);
      } catch (error) {
        if (!(error instanceof HubError) || error.code !== "NOT_FOUND") throw error;
      }
      await sleep(CLAIM_POLL_MS);
    }
    return undefined;
  }

  async function attempt(
    scope: IdempotencyScope,
    key: string,
    input: CreateInquiryInput,
  ): Promise<IdempotentCreation | undefined> {
    const reserved = randomUUID();
    const ttlMs = (input.timeoutMs ?? options.defaultTimeoutMs) + options.timeoutGraceMs;
    const held = await index.claim(scope, key, reserved, ttlMs + KEY_MARGIN_MS);
    if (held === reserved) {
      try {
        return {
          inquiry: await inquiries.create(scope.userId, { ...input, id: reserved }),
          created: true,
        };
      } catch (error) {
        await index.release(scope, key, reserved);
        throw error;
      }
    }
    const inquiry = await findClaimed(scope.userId, held);
    if (inquiry !== undefined) return { inquiry, created: false };
    await index.release(scope, key, held);
    return undefined;
  }

  const deliveries = createKeptDeliveries(index, {
    confirmWindowMs: options.deliveryConfirmMs,
    ...(deps.marks === undefined ? {} : { marks: deps.marks }),
  });
  return {
    beginDelivery: (scope, key, inquiryId) => deliveries.beginDelivery(scope, key, inquiryId),
    takeKept: (scope, key, inquiryId) => deliveries.takeKept(scope, key, inquiryId),
    close: () => deliveries.close(),
    forget(scope, key, inquiryId) {
      return index.release(scope, key, inquiryId);
    },
    async createOnce(scope, key, input) {
      const outcome = (await attempt(scope, key, input)) ?? (await attempt(scope, key, input));
      if (outcome === undefined)
        throw new HubError(
          "UNAVAILABLE",
          `idempotency key "${key}" is held by a call still starting`,
        );
      return outcome;
    },
  };
}
