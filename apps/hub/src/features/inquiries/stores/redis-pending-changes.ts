import type { Inquiry } from "@inquiry-hub/protocol";
import { z } from "zod";
import { applyAgentWaiting } from "../agent-waiting";
import type { InquiryStore, StoreAgentWaitingOutcome, StoreExtendOutcome } from "../ports";
import { HubError } from "../../../kernel/errors";
import { decodeInquiry } from "./inquiry-codec";
import type { StoredInquiry } from "./inquiry-codec";
import type { InquiryOwners } from "./inquiry-owners";
import { pendingMember } from "../../../platform/redis/keys";
import type { KeyLayout } from "../../../platform/redis/keys";
import { execReplicated } from "../../../platform/redis/replica-acks";
import type { ReplicaAcks } from "../../../platform/redis/replica-acks";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { callRedis } from "../../../platform/redis/redis-errors";

const ReplaceBodyReplySchema = z.union([
  z.tuple([z.literal("not-found")]),
  z.tuple([z.enum(["replaced", "stale", "already-final"]), z.string(), z.string(), z.string()]),
]);
/** How many times `setAgentWaiting` re-reads a record another change moved meanwhile. */
const MAX_BODY_ATTEMPTS = 5;

/** A record's three fields, or undefined when it is gone (expired or never written). */
export async function readRecord(
  redis: RedisClient,
  recordKey: string,
): Promise<StoredInquiry | undefined> {
  const [body, status, resolution] = await callRedis("read inquiry", () =>
    redis.hmget(recordKey, "body", "status", "resolution"),
  );
  if (body == null || status == null || resolution == null) return undefined;
  return { body, status, resolution };
}

/**
 * The Redis store's changes to a pending record's body (Extend, the agent-waiting mark): each a
 * compare-and-set of the body read (REPLACE_PENDING_BODY in lua-scripts.ts).
 */
export function createRedisPendingChanges(
  redis: RedisClient,
  options: {
    keys: KeyLayout;
    owners: InquiryOwners;
    historyTtlSeconds: number;
    replicaAcks: ReplicaAcks;
  },
): Pick<InquiryStore, "extend" | "setAgentWaiting"> {
  const { keys, owners, historyTtlSeconds, replicaAcks } = options;

  /** Replaces a pending record's body if it is still `expected` (see REPLACE_PENDING_BODY). */
  async function replacePendingBody(
    operation: string,
    recordKey: string,
    expected: string,
    next: string,
  ): Promise<
    | { kind: "not-found" }
    | { kind: "replaced" | "stale" | "already-final"; inquiry: Inquiry; stored: StoredInquiry }
  > {
    const reply = await execReplicated(redis, operation, replicaAcks, (pipeline) =>
      pipeline.inquiryHubReplacePendingBody(recordKey, expected, next),
    );
    const outcome = ReplaceBodyReplySchema.parse(reply);
    if (outcome[0] === "not-found") return { kind: "not-found" };
    const [kind, body, status, resolution] = outcome;
    const stored = { body, status, resolution };
    return { kind, inquiry: decodeInquiry(stored), stored };
  }

  return {
    async extend(id, { from, to }): Promise<StoreExtendOutcome> {
      const userId = await owners.ownerOf(id);
      if (userId === undefined) return { kind: "not-found" };
      const recordKey = keys.inquiry(userId, id);
      const body = await callRedis("read inquiry", () => redis.hget(recordKey, "body"));
      if (body === null) return { kind: "not-found" };
      const current = JSON.parse(body) as { expiresAt?: unknown };
      const expected = current.expiresAt === from ? body : "";
      const outcome = await replacePendingBody(
        "extend inquiry",
        recordKey,
        expected,
        JSON.stringify({ ...current, expiresAt: to }),
      );
      if (outcome.kind === "not-found") return outcome;
      const lifetimeSeconds =
        Math.ceil(Math.max(0, Date.parse(to) - Date.now()) / 1000) + historyTtlSeconds;
      if (outcome.kind === "replaced")
        await callRedis("index extended inquiry", () =>
          Promise.all([
            redis.zadd(keys.pendingIndex, "XX", Date.parse(to), pendingMember(userId, id)),
            redis.expire(keys.inquiryOwner(id), lifetimeSeconds),
          ]),
        );
      return {
        kind: outcome.kind === "replaced" ? "extended" : outcome.kind,
        inquiry: outcome.inquiry,
      };
    },

    async setAgentWaiting(id, waiting): Promise<StoreAgentWaitingOutcome> {
      const userId = await owners.ownerOf(id);
      if (userId === undefined) return { kind: "not-found" };
      const recordKey = keys.inquiry(userId, id);
      let read = await readRecord(redis, recordKey);
      for (let attempt = 0; attempt < MAX_BODY_ATTEMPTS; attempt += 1) {
        if (read === undefined) return { kind: "not-found" };
        const decision = applyAgentWaiting(decodeInquiry(read), waiting);
        if (decision.kind !== "changed") return decision;
        // The body, not the decoded record, so internal fields (trace context) stay.
        const next = JSON.stringify({
          ...(JSON.parse(read.body) as Record<string, unknown>),
          agentWaiting: waiting,
        });
        const outcome = await replacePendingBody("set agent waiting", recordKey, read.body, next);
        switch (outcome.kind) {
          case "not-found":
            return outcome;
          case "replaced":
            return { kind: "changed", inquiry: outcome.inquiry };
          case "already-final":
            return { kind: "already-final", inquiry: outcome.inquiry };
          case "stale":
            read = outcome.stored;
        }
      }
      throw new HubError("CONFLICT", `inquiry ${id} is being changed elsewhere; try again`);
    },
  };
}
