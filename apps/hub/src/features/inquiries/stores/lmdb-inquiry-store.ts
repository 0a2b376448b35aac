import type { Inquiry } from "@inquiry-hub/protocol";
import { applyResolution } from "../inquiry-machine";
import { applyAgentWaiting } from "../agent-waiting";
import type {
  InquiryStore,
  StoreAgentWaitingOutcome,
  StoreExtendOutcome,
  StoreInsertLimits,
  StoreInsertOutcome,
  StoreResolveOutcome,
} from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { openAuditTable, removeAuditRecords, writeAuditRecord } from "./lmdb-audit-trail";
import {
  credentialRange,
  dueRange,
  idOfIndexKey,
  isLive,
  openInquiryTables,
  putInquiry,
  readStoredInquiry,
  replaceInquiry,
  unindexInquiry,
  userRange,
} from "./inquiry-tables";
import type { StoredInquiry } from "./inquiry-tables";
import { createOwnRecords } from "./lmdb-own-records";
import type { TraceCarrier } from "../inquiry-tracing";
import { creationRecord, resolutionRecord } from "../audit-records";

/** How long resolved inquiries stay as history. */
export interface LmdbInquiryStoreOptions {
  /** A final record (and its audit entries) is dropped this long after its resolution. */
  historyTtlSeconds: number;
  now?: () => number;
}

/** Expired records removed per call at most, so one call never turns into a long purge. */
const SWEEP_BATCH = 200;
/**
 * How often a call looks for expired records: the range scan costs more than the rest of a
 * read, and reads skip expired records anyway, so sweeping more often only frees disk sooner.
 */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * The persistent single-node store. `insert` (with its pending caps) and `resolve` (the
 * compare-and-set) each run as one LMDB write transaction: LMDB serialises write
 * transactions, so racing answers yield one winner and racing creations cannot overshoot
 * the cap, and a commit is on disk before the promise settles, so an answer acknowledged to
 * a person survives a crash. Each transaction also writes the audit entry of its change.
 *
 * Final records leave after the history TTL: a call removes a batch of expired ones first (at
 * most once a second, or at once after a full batch), and reads skip any still waiting for
 * removal. Pending records never expire.
 */
export function createLmdbInquiryStore(
  db: EmbeddedDatabase,
  options: LmdbInquiryStoreOptions,
): InquiryStore {
  const { historyTtlSeconds, now = Date.now } = options;
  const tables = openInquiryTables(db);
  const audit = openAuditTable(db);
  const own = createOwnRecords();

  /** The stored record, parsed unless this process committed it (see OwnRecords). */
  function read(id: string): StoredInquiry | undefined {
    const value = tables.records.get(id);
    return value !== undefined && own.has(id) ? value : readStoredInquiry(value);
  }

  function readLive(id: string): StoredInquiry | undefined {
    const stored = read(id);
    return stored !== undefined && isLive(stored, now()) ? stored : undefined;
  }

  function drop(stored: StoredInquiry): void {
    unindexInquiry(tables, stored);
    tables.records.removeSync(stored.inquiry.id);
    removeAuditRecords(audit, stored.inquiry.userId, stored.inquiry.id);
  }

  let nextSweepAt = 0;

  async function sweepExpired(): Promise<void> {
    const at = now();
    if (at < nextSweepAt) return;
    const due = [...tables.index.getKeys(dueRange("drop", at, SWEEP_BATCH))].map(idOfIndexKey);
    nextSweepAt = due.length === SWEEP_BATCH ? at : at + SWEEP_INTERVAL_MS;
    if (due.length === 0) return;
    await tables.records.transaction(() => {
      for (const id of due) {
        const stored = read(id);
        if (stored !== undefined && !isLive(stored, at)) drop(stored);
      }
    });
  }

  /** Which pending cap `inquiry` would overshoot, counted in the write transaction. */
  function overCap(inquiry: Inquiry, limits: StoreInsertLimits): StoreInsertOutcome | undefined {
    const { userId, askedByCredentialId: asker } = inquiry;
    if (tables.index.getKeysCount(userRange("pending", userId)) >= limits.maxPendingPerUser)
      return { kind: "pending-cap" };
    const perCredential = limits.maxPendingPerCredential;
    if (
      asker !== undefined &&
      perCredential !== undefined &&
      tables.index.getKeysCount(credentialRange(userId, asker)) >= perCredential
    )
      return { kind: "credential-pending-cap" };
    return undefined;
  }

  function retired(inquiry: Inquiry, traceContext: TraceCarrier | undefined): StoredInquiry {
    const dropAt = now() + historyTtlSeconds * 1000;
    return traceContext === undefined ? { inquiry, dropAt } : { inquiry, dropAt, traceContext };
  }

  return {
    async insert(inquiry, limits, traceContext) {
      await sweepExpired();
      const pending = inquiry.status === "pending";
      const outcome = await tables.records.transaction((): StoreInsertOutcome | "duplicate" => {
        if (tables.records.doesExist(inquiry.id)) return "duplicate";
        if (pending && limits !== undefined) {
          const refused = overCap(inquiry, limits);
          if (refused !== undefined) return refused;
        }
        putInquiry(
          tables,
          pending
            ? { inquiry, dropAt: null, ...(traceContext === undefined ? {} : { traceContext }) }
            : retired(inquiry, traceContext),
        );
        writeAuditRecord(audit, 0, creationRecord(inquiry));
        return { kind: "inserted" };
      });
      if (outcome === "duplicate") throw new Error(`duplicate inquiry id ${inquiry.id}`);
      if (outcome.kind === "inserted") own.committed(inquiry.id);
      return outcome;
    },

    async get(id) {
      await sweepExpired();
      return readLive(id)?.inquiry;
    },

    async traceContextOf(id) {
      await sweepExpired();
      return readLive(id)?.traceContext;
    },

    async listByUser(userId, status) {
      await sweepExpired();
      const index = status === "pending" ? "pending" : "by-user";
      const range = userRange(index, userId);
      const newestFirst = { start: range.end, end: range.start, reverse: true };
      const matching: Inquiry[] = [];
      for (const key of tables.index.getKeys(newestFirst)) {
        const inquiry = readLive(idOfIndexKey(key))?.inquiry;
        if (inquiry !== undefined && (status === undefined || inquiry.status === status))
          matching.push(inquiry);
      }
      return matching;
    },

    async resolve(id, resolution) {
      await sweepExpired();
      const outcome = await tables.records.transaction((): StoreResolveOutcome => {
        const current = readLive(id);
        if (current === undefined) return { kind: "not-found" };
        const outcome = applyResolution(current.inquiry, resolution);
        if (!outcome.applied) return { kind: "already-final", inquiry: current.inquiry };
        replaceInquiry(tables, current, retired(outcome.inquiry, current.traceContext));
        writeAuditRecord(audit, 1, resolutionRecord(outcome.inquiry));
        return { kind: "resolved", inquiry: outcome.inquiry };
      });
      if (outcome.kind === "resolved") own.committed(id);
      return outcome;
    },

    async extend(id, { from, to }) {
      await sweepExpired();
      const outcome = await tables.records.transaction((): StoreExtendOutcome => {
        const current = readLive(id);
        if (current === undefined) return { kind: "not-found" };
        const { inquiry } = current;
        if (inquiry.status !== "pending") return { kind: "already-final", inquiry };
        if (inquiry.expiresAt !== from) return { kind: "stale", inquiry };
        const extended = { ...inquiry, expiresAt: to };
        replaceInquiry(tables, current, { ...current, inquiry: extended });
        return { kind: "extended", inquiry: extended };
      });
      if (outcome.kind === "extended") own.committed(id);
      return outcome;
    },

    async setAgentWaiting(id, waiting) {
      await sweepExpired();
      const outcome = await tables.records.transaction((): StoreAgentWaitingOutcome => {
        const current = readLive(id);
        if (current === undefined) return { kind: "not-found" };
        const outcome = applyAgentWaiting(current.inquiry, waiting);
        if (outcome.kind === "changed")
          replaceInquiry(tables, current, { ...current, inquiry: outcome.inquiry });
        return outcome;
      });
      if (outcome.kind === "changed") own.committed(id);
      return outcome;
    },
  };
}
