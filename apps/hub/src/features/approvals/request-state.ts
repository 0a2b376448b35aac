import { randomBytes } from "node:crypto";
import type { UsedRequestStates } from "./ports";
import { requestDigest } from "../inquiries/request-digest";
import { createRequestStateSeal } from "./request-state-seal";

/** How long an issued state may be redeemed by default: the SDK codec's ten minutes. */
export const DEFAULT_REQUEST_STATE_TTL_MS = 10 * 60 * 1000;

/**
 * How long a used mark outlives its state: another node whose clock runs this far behind
 * the issuing node's still finds the mark, instead of taking the state as fresh.
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 60 * 1000;

/** Why a retried call's `requestState` was refused; each value names one attack it stops. */
export const REQUEST_STATE_REFUSALS = {
  tampered: "the request state was not issued by this hub or was altered",
  expired: "the request state has expired: call the tool again",
  "wrong-principal": "the request state belongs to another user or credential",
  "different-request":
    "the request state was issued for another upstream, tool, arguments or _meta",
  "already-used": "the request state was already used: call the tool again",
} as const;
export type RequestStateRefusal = keyof typeof REQUEST_STATE_REFUSALS;

/** Who made a gated call: the user and the credential (agent key or run) it came with. */
export interface RequestStatePrincipal {
  userId: string;
  credentialId: string;
}

/** A gated tool call as it reaches the proxy: upstream name, tool name, arguments. */
export interface GatedRequest {
  upstream: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** The `_meta` that would be forwarded with it (forwarded-meta.ts), if any. */
  meta?: Record<string, unknown> | undefined;
}

/** What a redeemed state vouches for: this principal asked this inquiry about this request. */
export interface RedeemedState {
  inquiryId: string;
  principal: RequestStatePrincipal;
  upstream: string;
  tool: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** The outcome of redeeming a state: its claims, or the one reason it was refused. */
export type RedeemOutcome =
  { kind: "redeemed"; state: RedeemedState } | { kind: "refused"; refusal: RequestStateRefusal };

/**
 * The `requestState` of the approval proxy's multi-round-trip path (2026-07-28): the first
 * round of a gated call `issue`s a state naming its approval question; the retry `redeem`s
 * it. A state is redeemed at most once, so a retry that finds its question still pending
 * gets a freshly issued state for the next round.
 */
export interface RequestStates {
  /**
   * Seals a state for `inquiryId`, bound to `principal` and `request`, expiring after
   * `ttlMs` (the factory's TTL when omitted), e.g. long enough to cover the inquiry's deadline.
   */
  issue(
    inquiryId: string,
    principal: RequestStatePrincipal,
    request: GatedRequest,
    ttlMs?: number,
  ): string;
  /**
   * Opens `wire` and checks it, in this order: sealed by this hub's secret (`tampered`),
   * unexpired (`expired`), same user and credential (`wrong-principal`), same upstream, tool,
   * arguments and forwarded `_meta` (`different-request`), then marks it used
   * (`already-used` when another redeem got there first). Only a state that passes every
   * check is marked, so a refused attempt never spends the state of the rightful caller.
   * Rejects when the used-state store cannot be reached.
   */
  redeem(
    wire: string,
    principal: RequestStatePrincipal,
    request: GatedRequest,
  ): Promise<RedeemOutcome>;
}

/**
 * Sealed, single-use request states. `secret` is HUB_REQUEST_STATE_SECRET: every node that
 * may receive a retry needs the same one. `now` is injectable for tests (epoch ms).
 *
 * @example
 * const states = createRequestStates({ secret, used: deps.usedRequestStates });
 * const requestState = states.issue(inquiry.id, principal, request);
 * // next round:
 * const outcome = await states.redeem(requestState, principal, request);
 */
export function createRequestStates(deps: {
  secret: string;
  used: UsedRequestStates;
  ttlMs?: number;
  now?: () => number;
}): RequestStates {
  const seal = createRequestStateSeal(deps.secret);
  const ttlMs = deps.ttlMs ?? DEFAULT_REQUEST_STATE_TTL_MS;
  const now = deps.now ?? Date.now;
  const refuse = (refusal: RequestStateRefusal): RedeemOutcome => ({ kind: "refused", refusal });

  return {
    issue(inquiryId, principal, request, lifetimeMs = ttlMs) {
      const issuedAtMs = now();
      return seal.seal({
        stateId: randomBytes(16).toString("base64url"),
        inquiryId,
        userId: principal.userId,
        credentialId: principal.credentialId,
        upstream: request.upstream,
        tool: request.tool,
        digest: requestDigest(request.tool, request.arguments, request.meta),
        issuedAtMs,
        expiresAtMs: issuedAtMs + lifetimeMs,
      });
    },

    async redeem(wire, principal, request) {
      const claims = seal.open(wire);
      if (claims === undefined) return refuse("tampered");
      const nowMs = now();
      if (claims.expiresAtMs <= nowMs) return refuse("expired");
      if (claims.userId !== principal.userId || claims.credentialId !== principal.credentialId)
        return refuse("wrong-principal");
      if (
        claims.upstream !== request.upstream ||
        claims.tool !== request.tool ||
        claims.digest !== requestDigest(request.tool, request.arguments, request.meta)
      )
        return refuse("different-request");
      const markMs = claims.expiresAtMs - nowMs + CLOCK_SKEW_ALLOWANCE_MS;
      if (!(await deps.used.consume(claims.stateId, markMs))) return refuse("already-used");
      return {
        kind: "redeemed",
        state: {
          inquiryId: claims.inquiryId,
          principal: { userId: claims.userId, credentialId: claims.credentialId },
          upstream: claims.upstream,
          tool: claims.tool,
          issuedAt: new Date(claims.issuedAtMs),
          expiresAt: new Date(claims.expiresAtMs),
        },
      };
    },
  };
}
