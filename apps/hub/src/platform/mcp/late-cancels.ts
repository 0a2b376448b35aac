import type { RequestId, Transport } from "@modelcontextprotocol/server";
import { z } from "zod";

/** The part of a `notifications/cancelled` this reads: which request the client gave up on. */
const CancelledSchema = z.looseObject({
  method: z.literal("notifications/cancelled"),
  params: z.looseObject({ requestId: z.union([z.string(), z.number()]) }),
});

/** Hears a session's cancels, also those for requests the SDK has already answered. */
export interface LateCancels {
  /**
   * Calls `listener` when a `notifications/cancelled` naming `requestId` arrives, however
   * long after the request was answered. Returns the unsubscribe function; callers must call
   * it once they stop listening.
   */
  onCancel(requestId: RequestId, listener: () => void): () => void;
}

/** A session's LateCancels, not yet listening until `observe` is given its transport. */
export interface SessionCancels extends LateCancels {
  /**
   * Listens to `transport`'s incoming messages, passing every one on unchanged; call right
   * after `server.connect(transport)`, which installs the SDK's own `onmessage`.
   */
  observe(transport: Transport): void;
}

/**
 * The SDK aborts a request handler on its client's cancel, but a cancel for a request it has
 * already answered finds no handler and is dropped. That is exactly the cancel a client sends
 * when its request timeout fires as the result is on its way: the result was sent and
 * discarded. Watching the session's transport is the only way to hear it.
 */
export function createSessionCancels(): SessionCancels {
  const listeners = new Map<RequestId, Set<() => void>>();
  return {
    onCancel(requestId, listener) {
      const forRequest = listeners.get(requestId) ?? new Set();
      forRequest.add(listener);
      listeners.set(requestId, forRequest);
      return () => {
        forRequest.delete(listener);
        if (forRequest.size === 0 && listeners.get(requestId) === forRequest)
          listeners.delete(requestId);
      };
    },
    observe(transport) {
      const deliver = transport.onmessage;
      if (deliver === undefined) throw new Error("observe cancels after connecting");
      transport.onmessage = (message, extra) => {
        deliver(message, extra);
        if (!("method" in message) || message.method !== "notifications/cancelled") return;
        const cancel = CancelledSchema.safeParse(message);
        if (!cancel.success) return;
        for (const listener of [...(listeners.get(cancel.data.params.requestId) ?? [])]) listener();
      };
    },
  };
}
