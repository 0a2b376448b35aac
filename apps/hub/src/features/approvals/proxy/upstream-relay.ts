import type { Client, Progress, RequestOptions } from "@modelcontextprotocol/client";
import type { Server, ServerContext } from "@modelcontextprotocol/server";
import { progressSequenceOf } from "../../../platform/mcp/progress-sequence";
import type { ForwardedCalls } from "./elicitation-calls";

/** The progress relay of one forwarded request. */
export interface ProgressRelay {
  /** Upstream request options asking for progress; empty when the caller asked for none. */
  options: Pick<RequestOptions, "onprogress">;
  /**
   * Resolves once every relayed notification was handed to the caller's transport. Await it
   * before returning the upstream's result, which would otherwise overtake the last ones (an
   * upstream sends its final progress right before its result) and the caller would drop them.
   */
  drained(): Promise<void>;
}

/**
 * Relays the upstream's progress on a forwarded request to the caller, under the caller's own
 * progress token (the upstream gets one the SDK assigns: a token names a request of the one
 * who sent it). Without a caller token nothing is asked upstream. Values are placed on the
 * request's progress sequence, which the approval's ticket and heartbeats share, so they keep
 * rising across both; `total` moves with them (see ProgressSequence.place) and `message`
 * passes as it is. The upstream's `_meta` is dropped: a relayed notification must never carry
 * something a client would read as the hub's own INQUIRY or APPROVAL ticket. Notifications
 * are sent in order; a failed send (the caller went away) is ignored.
 */
export function relayProgress(extra: ServerContext): ProgressRelay {
  const progressToken = extra.mcpReq._meta?.progressToken;
  let sending = Promise.resolve();
  const drained = (): Promise<void> => sending;
  if (progressToken === undefined) return { options: {}, drained };
  const sequence = progressSequenceOf(extra);
  const onprogress = (upstream: Progress): void => {
    if (extra.mcpReq.signal.aborted) return;
    const placed = sequence.place(upstream.progress, upstream.total);
    const message = upstream.message === undefined ? {} : { message: upstream.message };
    const notification = {
      method: "notifications/progress" as const,
      params: { progressToken, ...placed, ...message },
    };
    sending = sending.then(() => extra.mcpReq.notify(notification)).catch(() => undefined);
  };
  return { options: { onprogress }, drained };
}

/**
 * Relays the upstream's log messages (`notifications/message`) to the caller. One that arrives
 * while a forwarded tools/call runs goes on that call's stream (`ctx.mcpReq.log`), where a
 * 2026-07-28 client, which has no session stream, can receive it, and which applies the log
 * level that request carries; one that arrives between calls goes to the session as before.
 * The MCP client API does not say on which upstream stream a notification came, so with
 * parallel calls the latest one carries it, as for elicitations (ForwardedCalls.latest). On
 * 2025-era sessions `logging/setLevel` is forwarded, so the upstream filters by level itself.
 */
export function relayUpstreamLogs(client: Client, server: Server, calls: ForwardedCalls): void {
  client.setNotificationHandler("notifications/message", async (notification) => {
    const call = calls.latest();
    const { level, data, logger } = notification.params;
    const sent =
      call === undefined
        ? server.notification(notification)
        : call.extra.mcpReq.log(level, data, logger);
    await sent.catch(() => undefined);
  });
}
