import type { Inquiry } from "@inquiry-hub/protocol";
import { applyResolution } from "../inquiry-machine";
import { applyAgentWaiting } from "../agent-waiting";
import type { InquiryStore } from "../ports";
import type { TraceCarrier } from "../inquiry-tracing";
import { createExpiryQueue } from "../../../platform/memory/expiry-queue";
import { createUserIndex } from "../../../platform/memory/user-index";

/** How long and how many resolved inquiries the memory store keeps as history. */
export interface MemoryInquiryStoreOptions {
  /** A resolved inquiry is dropped this long after its resolution, as Redis expires it. */
  historyTtlMs: number;
  /**
   * Resolved inquiries kept per user; the oldest resolution is dropped first. Memory only:
   * a flood within one TTL must not outgrow the process (Redis has its own memory policy).
   */
  maxResolvedPerUser: number;
  now?: () => number;
}

/** The per-credential index key of the credential that asked `inquiry`, if one did. */
function credentialKey(inquiry: Inquiry): string | undefined {
  const credential = inquiry.askedByCredentialId;
  return credential === undefined ? undefined : `${inquiry.userId}\n${credential}`;
}

/** A week of history, at most 5,000 resolved inquiries per user (as the memory audit trail). */
const DEFAULT_OPTIONS: MemoryInquiryStoreOptions = {
  historyTtlMs: 7 * 24 * 60 * 60 * 1000,
  maxResolvedPerUser: 5_000,
};

/**
 * The embedded, single-node store. Each method's map update runs without an await in the
 * middle, so `resolve` and the capped `insert` are atomic on Node's single thread. Records are
 * copied in and out (structuredClone) so callers can never mutate stored state.
 *
 * Bounded like the Redis store: per-user indexes (all, pending; pending per asking credential) so a listing touches only that
 * user's records; resolved records leave after the history TTL (swept on every call, oldest
 * first, since resolutions expire in the order they happened) or when their user holds more
 * than `maxResolvedPerUser`. Pending records stay until resolved.
 */
export function createMemoryInquiryStore(
  options: Partial<MemoryInquiryStoreOptions> = {},
): InquiryStore {
  const { historyTtlMs, maxResolvedPerUser, now = Date.now } = { ...DEFAULT_OPTIONS, ...options };
  const inquiries = new Map<string, Inquiry>();
  /** Trace contexts beside the records, dropped with them. */
  const traceContexts = new Map<string, TraceCarrier>();
  const byUser = createUserIndex();
  const pendingByUser = createUserIndex();
  /** Pending ids per asking credential, keyed by `credentialKey`, for the per-credential cap. */
  const pendingByCredential = createUserIndex();
  /** Resolved ids per user in resolution order, to drop a user's oldest first. */
  const resolvedByUser = createUserIndex();
  const expiries = createExpiryQueue(historyTtlMs, now);

  function forget(id: string): void {
    const inquiry = inquiries.get(id);
    if (inquiry === undefined) return;
    inquiries.delete(id);
    traceContexts.delete(id);
    expiries.forget(id);
    byUser.remove(inquiry.userId, id);
    pendingByUser.remove(inquiry.userId, id);
    unindexCredential(inquiry);
    resolvedByUser.remove(inquiry.userId, id);
  }

  function sweepExpired(): void {
    expiries.sweep(forget);
  }

  function unindexCredential(inquiry: Inquiry): void {
    const key = credentialKey(inquiry);
    if (key !== undefined) pendingByCredential.remove(key, inquiry.id);
  }

  function retire(inquiry: Inquiry): void {
    pendingByUser.remove(inquiry.userId, inquiry.id);
    unindexCredential(inquiry);
    resolvedByUser.add(inquiry.userId, inquiry.id);
    expiries.touch(inquiry.id);
    const overflow = resolvedByUser.size(inquiry.userId) - maxResolvedPerUser;
    for (const id of resolvedByUser.oldest(inquiry.userId, overflow)) forget(id);
  }

  function snapshot(id: string): Inquiry | undefined {
    const inquiry = inquiries.get(id);
    return inquiry === undefined ? undefined : structuredClone(inquiry);
  }

  return {
    insert(inquiry, limits, traceContext) {
      sweepExpired();
      if (inquiries.has(inquiry.id))
        return Promise.reject(new Error(`duplicate inquiry id ${inquiry.id}`));
      const pending = inquiry.status === "pending";
      const asker = credentialKey(inquiry);
      if (pending && limits !== undefined) {
        if (pendingByUser.size(inquiry.userId) >= limits.maxPendingPerUser)
          return Promise.resolve({ kind: "pending-cap" });
        const perCredential = limits.maxPendingPerCredential;
        if (
          asker !== undefined &&
          perCredential !== undefined &&
          pendingByCredential.size(asker) >= perCredential
        )
          return Promise.resolve({ kind: "credential-pending-cap" });
      }
      const stored = structuredClone(inquiry);
      inquiries.set(stored.id, stored);
      if (traceContext !== undefined) traceContexts.set(stored.id, { ...traceContext });
      byUser.add(stored.userId, stored.id);
      if (pending) {
        pendingByUser.add(stored.userId, stored.id);
        if (asker !== undefined) pendingByCredential.add(asker, stored.id);
      } else retire(stored);
      return Promise.resolve({ kind: "inserted" });
    },

    get(id) {
      sweepExpired();
      return Promise.resolve(snapshot(id));
    },

    traceContextOf(id) {
      sweepExpired();
      const traceContext = traceContexts.get(id);
      return Promise.resolve(traceContext === undefined ? undefined : { ...traceContext });
    },

    listByUser(userId, status) {
      sweepExpired();
      const index = status === "pending" ? pendingByUser : byUser;
      const matching = index
        .ids(userId)
        .map((id) => inquiries.get(id))
        .filter(
          (inquiry): inquiry is Inquiry =>
            inquiry !== undefined && (status === undefined || inquiry.status === status),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return Promise.resolve(structuredClone(matching));
    },

    resolve(id, resolution) {
      sweepExpired();
      const current = inquiries.get(id);
      if (current === undefined) return Promise.resolve({ kind: "not-found" });
      const outcome = applyResolution(current, resolution);
      if (!outcome.applied)
        return Promise.resolve({ kind: "already-final", inquiry: structuredClone(current) });
      inquiries.set(id, outcome.inquiry);
      retire(outcome.inquiry);
      return Promise.resolve({ kind: "resolved", inquiry: structuredClone(outcome.inquiry) });
    },

    extend(id, { from, to }) {
      sweepExpired();
      const current = inquiries.get(id);
      if (current === undefined) return Promise.resolve({ kind: "not-found" });
      if (current.status !== "pending")
        return Promise.resolve({ kind: "already-final", inquiry: structuredClone(current) });
      if (current.expiresAt !== from)
        return Promise.resolve({ kind: "stale", inquiry: structuredClone(current) });
      const extended = { ...current, expiresAt: to };
      inquiries.set(id, extended);
      return Promise.resolve({ kind: "extended", inquiry: structuredClone(extended) });
    },

    setAgentWaiting(id, waiting) {
      sweepExpired();
      const current = inquiries.get(id);
      if (current === undefined) return Promise.resolve({ kind: "not-found" });
      const outcome = applyAgentWaiting(current, waiting);
      if (outcome.kind === "changed") inquiries.set(id, outcome.inquiry);
      return Promise.resolve(structuredClone(outcome));
    },
  };
}
