import { isWithdrawReason } from "@inquiry-hub/protocol";

/** How a held tool call may end before its question is final. */
export interface CallEnding {
  /**
   * Aborts when the question must be withdrawn now: the agent cancelled the call on purpose
   * (notifications/cancelled with WITHDRAW_REASON), or `withdrawWith` aborted while the
   * carrier stood (the proxy's upstream connection closed, so an approved call could never run).
   */
  withdrawn: AbortSignal;
  /**
   * Aborts when the call stops waiting and leaves its question open on the person's devices:
   * any other cancel (a client's request timeout sends one), the carrier gone, or the hold
   * budget spent. A repeat of the call re-attaches to the question.
   */
  detached: AbortSignal;
  /** Aborts when the carrier itself went away (legacy session closed, request exchange broke). */
  gone: AbortSignal;
  /** Stops the hold budget's timer: call it once the call no longer waits. */
  finish: () => void;
}

/** Where a held call's ending comes from. */
export interface CallEndingSources {
  /** The SDK's abort signal of the request handler. */
  callSignal: AbortSignal;
  /** Aborts when whatever carries the call goes away without the client cancelling it. */
  carrierGone: AbortSignal;
  /** The call's hold budget (hold-budget.ts); undefined holds until the question is final. */
  budgetMs?: number | undefined;
  /** A further reason to withdraw (the proxy's upstream gone). */
  withdrawWith?: AbortSignal | undefined;
}

/**
 * Splits the SDK's one abort signal of a request handler into what it means for the question.
 * SDK v1 and v2 abort a handler's signal in exactly two places: on the client's
 * notifications/cancelled (with the notification's `reason` as the abort reason) and when the
 * transport closes (aborting every handler in flight). The session's `onclose`, set before
 * `server.connect`, runs before the SDK's own close handling, so `carrierGone` is already
 * aborted when a close reaches the handler: an abort while the carrier still stands is the
 * client's cancel, and only a cancel whose reason is WITHDRAW_REASON withdraws. Every SDK sends
 * a cancel when its request timeout fires, so a cancel alone cannot tell "the person is too
 * slow for my timeout" from "I no longer want this"; the reason can.
 *
 * A broken HTTP response stream alone aborts nothing: the session lives on until it is
 * reaped as idle, and the call keeps waiting meanwhile (until its budget).
 */
export function callEnding(sources: CallEndingSources): CallEnding {
  const withdrawn = new AbortController();
  const detached = new AbortController();
  const gone = new AbortController();
  const settle = (): void => {
    const { callSignal, carrierGone } = sources;
    if (carrierGone.aborted) {
      gone.abort(carrierGone.reason);
      detached.abort(carrierGone.reason);
    } else if (isWithdrawReason(callSignal.reason)) withdrawn.abort(callSignal.reason);
    else detached.abort(callSignal.reason);
  };
  if (sources.callSignal.aborted) settle();
  else sources.callSignal.addEventListener("abort", settle, { once: true });
  // The upstream closing as its session is torn down is the carrier going, not a withdrawal.
  const { withdrawWith } = sources;
  const upstreamEnded = (): void => {
    if (sources.carrierGone.aborted) detached.abort(sources.carrierGone.reason);
    else withdrawn.abort(withdrawWith?.reason);
  };
  if (withdrawWith?.aborted === true) upstreamEnded();
  else withdrawWith?.addEventListener("abort", upstreamEnded, { once: true });
  // A plain timer, not AbortSignal.timeout: a timeout signal only reachable through
  // AbortSignal.any may be collected before it fires (nodejs/node#57736), and the call would
  // then hold until its client gives up.
  const budget =
    sources.budgetMs === undefined
      ? undefined
      : setTimeout(() => detached.abort(new Error("hold budget spent")), sources.budgetMs);
  return {
    withdrawn: withdrawn.signal,
    detached: detached.signal,
    gone: gone.signal,
    finish: () => clearTimeout(budget),
  };
}
