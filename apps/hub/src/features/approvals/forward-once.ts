import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { IdempotencyIndex, IdempotencyScope } from "../inquiries/ports";

/** How often a repeated call re-reads a forward another call started. */
const POLL_MS = 100;

/**
 * What a keyed gated call keeps beside its idempotency key: `started` once one call took the
 * right to act on the final decision (forward it, or answer with its refusal), `finished`
 * with the call's result once it has one. The result is opaque JSON to the core.
 */
const ForwardRecordSchema = z.discriminatedUnion("state", [
  z.object({
    state: z.literal("started"),
    attempt: z.string().min(1),
    /** When the turn was taken: a task tells "still forwarding" from "outcome unknown" by it. */
    startedAt: z.iso.datetime().optional(),
  }),
  z.object({ state: z.literal("finished"), result: z.unknown() }),
]);
type ForwardRecord = z.infer<typeof ForwardRecordSchema>;

/** What a call learns when it asks to act on a keyed approval's final decision. */
export type ForwardTurn =
  /** This call acts: audit the decision, run it if approved, then `finish` with the result. */
  | { kind: "act"; finish(result: unknown): Promise<void> }
  /** Another call already finished: its result, to be returned as it is. */
  | { kind: "finished"; result: unknown }
  /** Another call started and left no result within the wait: never act twice. */
  | { kind: "started-elsewhere"; startedAt?: string | undefined };

/** At-most-once acting on the final decision of a keyed approval, across calls and nodes. */
export interface ForwardOnce {
  /**
   * Takes the turn to act on `inquiryId`'s decision under the credential's `key`, or learns who
   * took it. A turn taken by another call is waited on for up to `waitMs` (it may be
   * forwarding right now), re-reading the index, before it is called `started-elsewhere`.
   */
  takeTurn(
    scope: IdempotencyScope,
    key: string,
    inquiryId: string,
    waitMs: number,
  ): Promise<ForwardTurn>;
  /**
   * Holds `key` for `inquiryId` for `ttlMs`, so its turn can be taken later: for a decision
   * acted on without a caller's idempotency key (a gated call run as a task, whose key derives
   * from the inquiry id). Throws when the key already names another inquiry.
   */
  reserve(scope: IdempotencyScope, key: string, inquiryId: string, ttlMs: number): Promise<void>;
}

function parseRecord(text: string | undefined): ForwardRecord | undefined {
  if (text === undefined) return undefined;
  const parsed = ForwardRecordSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Built on the idempotency index's attached result: the turn is a set-if-absent `started`
 * record (of racing calls exactly one wins), replaced by `finished` with the result. A
 * `started` record that never finishes means the hub died between sending the call upstream
 * and recording its result: whether the tool ran is unknown, and running an approved side
 * effect twice is worse than saying so, so no later call acts on it.
 */
export function createForwardOnce(index: IdempotencyIndex): ForwardOnce {
  async function waitForFinish(
    scope: IdempotencyScope,
    key: string,
    inquiryId: string,
    waitMs: number,
  ): Promise<ForwardTurn> {
    const polls = Math.max(1, Math.ceil(waitMs / POLL_MS));
    let startedAt: string | undefined;
    for (let poll = 0; poll < polls; poll += 1) {
      const entry = await index.read(scope, key);
      if (entry?.inquiryId !== inquiryId) break;
      const record = parseRecord(entry.result);
      if (record?.state === "finished") return { kind: "finished", result: record.result };
      startedAt = record?.startedAt;
      if (poll + 1 < polls) await sleep(POLL_MS);
    }
    return { kind: "started-elsewhere", startedAt };
  }

  return {
    async takeTurn(scope, key, inquiryId, waitMs) {
      const attempt = randomUUID();
      const started = JSON.stringify({
        state: "started",
        attempt,
        startedAt: new Date().toISOString(),
      } satisfies ForwardRecord);
      const kept = parseRecord(
        await index.attachResult(scope, key, inquiryId, started, "if-absent"),
      );
      if (kept?.state === "finished") return { kind: "finished", result: kept.result };
      if (kept?.state === "started" && kept.attempt === attempt)
        return {
          kind: "act",
          async finish(result) {
            const finished: ForwardRecord = { state: "finished", result };
            await index.attachResult(scope, key, inquiryId, JSON.stringify(finished), "replace");
          },
        };
      return waitForFinish(scope, key, inquiryId, waitMs);
    },
    async reserve(scope, key, inquiryId, ttlMs) {
      const held = await index.claim(scope, key, inquiryId, ttlMs);
      if (held !== inquiryId) throw new Error(`key ${key} already names inquiry ${held}`);
    },
  };
}
