/** Why a held tool call stopped waiting, as far as the hub can tell them apart. */
export interface CallEnding {
  /** The client cancelled the call (notifications/cancelled: the person pressed Stop). */
  cancelled: AbortSignal;
  /** The session closed under the call (client gone, idle reaping, DELETE, hub shutdown). */
  gone: AbortSignal;
}

/**
 * Splits the SDK's one abort signal of a request handler into its two causes. SDK v1 aborts
 * a handler's `extra.signal` in exactly two places: on the client's notifications/cancelled
 * (Protocol `_oncancel`) and when the transport closes (Protocol `_onclose`, which aborts
 * every handler in flight). The session's `onclose`, set before `server.connect`, runs before
 * the SDK's own close handling, so `sessionGone` is already aborted when a close reaches the
 * handler: an abort while the session still stands can only be the client's cancel.
 *
 * A broken HTTP response stream alone aborts nothing: the session lives on until it is
 * reaped as idle, and the call keeps waiting meanwhile.
 */
export function splitCallEnding(callSignal: AbortSignal, sessionGone: AbortSignal): CallEnding {
  const cancelled = new AbortController();
  const gone = new AbortController();
  const settle = (): void => {
    if (sessionGone.aborted) gone.abort(sessionGone.reason);
    else cancelled.abort(callSignal.reason);
  };
  if (callSignal.aborted) settle();
  else callSignal.addEventListener("abort", settle, { once: true });
  return { cancelled: cancelled.signal, gone: gone.signal };
}
