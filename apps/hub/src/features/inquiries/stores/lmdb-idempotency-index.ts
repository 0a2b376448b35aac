import type { Database, Key } from "lmdb";
import { z } from "zod";
import type { IdempotencyIndex, IdempotencyScope } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { loadCommittedEntries } from "./lmdb-idempotency-committed";
import type { CommittedEntry, EntryChange } from "./lmdb-idempotency-committed";

const EntrySchema = z.object({
  inquiryId: z.string().min(1),
  expiresAtMs: z.number(),
  result: z.string().optional(),
});
type Entry = z.infer<typeof EntrySchema>;

/**
 * A stored entry's table key: `[userId, credentialId, key]`, or `[userId, key]` for an entry
 * written before keys were scoped by credential. Those are never read again, only swept once
 * they expire, so a key of one agent cannot land on another agent's inquiry after an upgrade.
 */
const StoredKeySchema = z.union([
  z.tuple([z.string(), z.string(), z.string()]),
  z.tuple([z.string(), z.string()]),
]);
type StoredKey = z.infer<typeof StoredKeySchema>;

const storedKeyOf = (scope: IdempotencyScope, key: string): StoredKey => [
  scope.userId,
  scope.credentialId,
  key,
];

/** The valid entries on disk, as the index keeps them in memory. */
function* storedEntries(table: Database<Entry, Key>): Generator<[StoredKey, CommittedEntry]> {
  for (const { key, value } of table.getRange()) {
    const stored = StoredKeySchema.safeParse(key);
    const parsed = EntrySchema.safeParse(value);
    if (stored.success && parsed.success) yield [stored.data, committedEntryOf(parsed.data)];
  }
}

const committedEntryOf = ({ inquiryId, expiresAtMs, result }: Entry): CommittedEntry => ({
  inquiryId,
  expiresAtMs,
  hasResult: result !== undefined,
});

/** How long a release may wait for another write of the index to share its commit. */
const RELEASE_DELAY_MS = 1_000;

/**
 * A release decided but not yet on disk: the entry it drops, if that still names `inquiryId`.
 * `written` once a transaction carried it: the later transactions of the same commit need not
 * read the entry again (LMDB batches several transactions into one commit, and the release
 * stays here until that commit is done).
 */
interface PendingRelease {
  stored: StoredKey;
  inquiryId: string;
  written: boolean;
}

/**
 * The idempotency index on disk, so an agent that repeats its call after a hub restart still
 * lands on the inquiry it opened before. Table `idempotency` holds `[userId, credentialId,
 * key]` → entry, mirrored in memory as of the last commit (see CommittedEntries). Expired
 * entries are swept (bounded) by a claim, at most once a second (an older version's
 * `idempotency-expiry` table is no longer read or written). An attached result is
 * a field of the entry, written in a write transaction, so it expires and is released with the
 * key.
 *
 * The embedded store is one node's, and this index its only writer, so claims and releases
 * are decided here, in one event loop (of two racing claims exactly one wins), and their
 * writes join later commits instead of paying an fsync each:
 * - a claim is answered before its write commits: its caller's next write (the inquiry's
 *   insert, or the "started" mark a forward waits for) is queued behind it, and LMDB commits
 *   in order, so nothing the claim leads to is on disk, or seen by anyone, before the claim is;
 *   a crash before that commit loses both, and nothing was answered;
 * - a release takes effect for this index at once and reaches the disk with the next claim
 *   or attach, after RELEASE_DELAY_MS, or when the database closes; one lost with the process
 *   leaves the key held, as a node that died before releasing would: the repeat finds the
 *   kept answer, and nothing is created or forwarded twice.
 */
export function createLmdbIdempotencyIndex(
  db: EmbeddedDatabase,
  now: () => number = Date.now,
): IdempotencyIndex {
  const table = db.table<Entry>("idempotency");
  const entries = loadCommittedEntries(() => storedEntries(table));
  const releasing = new Map<string, PendingRelease>();
  /** Claims decided and not yet committed; `written` once their transaction ran. */
  const claiming = new Map<string, { entry: Entry; written: boolean }>();
  let flushTimer: NodeJS.Timeout | undefined;

  /** The entry in the write transaction's view; outside one, readCommitted is the cheaper read. */
  const readOnDisk = (stored: StoredKey): Entry | undefined => {
    // Most reads find no entry: skip building the zod error a parse of undefined would throw.
    const value = table.get(stored);
    if (value === undefined) return undefined;
    const parsed = EntrySchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  /**
   * The entry as this index sees it: a claim decided but not yet committed, and none once a
   * release of its inquiry was decided.
   */
  const readCommitted = (stored: StoredKey, id: string): Entry | undefined => {
    const entry = entries.get(id);
    if (entry === undefined) return undefined;
    const { inquiryId, expiresAtMs, hasResult } = entry;
    return hasResult ? readOnDisk(stored) : { inquiryId, expiresAtMs };
  };
  const readStored = (stored: StoredKey): Entry | undefined => {
    const id = JSON.stringify(stored);
    const entry = claiming.get(id)?.entry ?? readCommitted(stored, id);
    const release = releasing.get(id);
    return entry !== undefined && release?.inquiryId === entry.inquiryId ? undefined : entry;
  };
  const read = (scope: IdempotencyScope, key: string) => readStored(storedKeyOf(scope, key));

  /**
   * Writes the pending releases; call inside a write transaction. Returns those it is done
   * with: all but the release of a claim whose own write has not run yet.
   */
  function applyReleases(changes: EntryChange<StoredKey>[]): PendingRelease[] {
    const applied: PendingRelease[] = [];
    for (const [id, release] of releasing) {
      if (release.written) continue;
      const claim = claiming.get(id);
      if (claim?.written === false && claim.entry.inquiryId === release.inquiryId) continue;
      release.written = true;
      applied.push(release);
      const held = readOnDisk(release.stored);
      if (held?.inquiryId !== release.inquiryId) continue;
      table.removeSync(release.stored);
      changes.push({ id, key: release.stored, entry: undefined });
    }
    return applied;
  }

  /** Forgets releases once their commit is done, unless a newer one of the key replaced them. */
  function committed(applied: PendingRelease[]): void {
    for (const release of applied) {
      const id = JSON.stringify(release.stored);
      if (releasing.get(id) === release) releasing.delete(id);
    }
  }

  /**
   * Runs `write` in a write transaction that also carries the pending releases; both note
   * their writes in `changes`, which the in-memory entries take on once the commit is done. A
   * failed commit leaves the releases unwritten, for the next transaction to carry again.
   */
  async function withReleases<T>(write: (changes: EntryChange<StoredKey>[]) => T): Promise<T> {
    let applied: PendingRelease[] = [];
    const changes: EntryChange<StoredKey>[] = [];
    try {
      const result = await table.transaction(() => {
        applied = applyReleases(changes);
        return write(changes);
      });
      entries.apply(changes);
      committed(applied);
      return result;
    } catch (error) {
      for (const release of applied) release.written = false;
      entries.reload();
      throw error;
    }
  }

  async function flush(): Promise<void> {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (releasing.size > 0) await withReleases(() => undefined);
  }
  db.onClose(flush);

  return {
    claim(scope, key, inquiryId, ttlMs) {
      const nowMs = now();
      const stored = storedKeyOf(scope, key);
      const held = readStored(stored);
      if (held !== undefined && held.expiresAtMs > nowMs) return Promise.resolve(held.inquiryId);
      const id = JSON.stringify(stored);
      const entry = { inquiryId, expiresAtMs: nowMs + ttlMs };
      const claim = { entry, written: false };
      claiming.set(id, claim);
      const written = withReleases((changes) => {
        for (const expired of entries.due(nowMs)) {
          const found = readOnDisk(expired);
          if (found === undefined || found.expiresAtMs > nowMs) continue;
          table.removeSync(expired);
          changes.push({ id: JSON.stringify(expired), key: expired, entry: undefined });
        }
        table.putSync(stored, entry);
        changes.push({ id, key: stored, entry: committedEntryOf(entry) });
        claim.written = true;
      });
      // Until its commit, the committed entries (and the disk outside a transaction) lack the
      // claim: it stays in the overlay until then, or until it failed (and is on disk never).
      const settled = (): void => {
        if (claiming.get(id) === claim) claiming.delete(id);
      };
      written.then(settled, settled);
      return Promise.resolve(inquiryId);
    },
    attachResult(scope, key, inquiryId, result, mode) {
      return withReleases((changes) => {
        // In the transaction, after the claims queued before it and the releases it carries:
        // the disk is the whole truth here, the overlay only for reads outside one.
        const stored = storedKeyOf(scope, key);
        const held = readOnDisk(stored);
        if (held?.inquiryId !== inquiryId || held.expiresAtMs <= now()) return undefined;
        if (mode === "if-absent" && held.result !== undefined) return held.result;
        const attached = { ...held, result };
        table.putSync(stored, attached);
        changes.push({
          id: JSON.stringify(stored),
          key: stored,
          entry: committedEntryOf(attached),
        });
        return result;
      });
    },
    read(scope, key) {
      const held = read(scope, key);
      if (held === undefined || held.expiresAtMs <= now()) return Promise.resolve(undefined);
      return Promise.resolve({ inquiryId: held.inquiryId, result: held.result });
    },
    release(scope, key, inquiryId) {
      const stored = storedKeyOf(scope, key);
      if (readStored(stored)?.inquiryId === inquiryId) {
        releasing.set(JSON.stringify(stored), { stored, inquiryId, written: false });
        // A failed flush leaves its releases pending for the next write to retry; until one
        // lands, the keys stay held on disk: the safe side, as above.
        flushTimer ??= setTimeout(() => void flush().catch(() => undefined), RELEASE_DELAY_MS);
        flushTimer.unref();
      }
      return Promise.resolve();
    },
  };
}
