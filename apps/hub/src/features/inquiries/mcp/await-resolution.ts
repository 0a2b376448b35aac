import { toClosedMeta, toHeartbeatMeta, toOpenedMeta } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { ServerContext } from "@modelcontextprotocol/server";
import type { InquiryService } from "../inquiry-service";
import { createProgressReporter } from "../../../platform/mcp/progress-reporter";
import type { Logger } from "../../../kernel/ports";

/** What holding a call needs from the session it runs in (send_inquiry's, the proxy's). */
export interface HoldingContext {
  inquiries: InquiryService;
  heartbeatMs: number;
  /** Hears of a cancel that failed (the inquiry then ends by its own deadline). */
  logger: Logger;
}

/** The tool call holding the inquiry. */
export interface HoldingCall {
  extra: ServerContext;
  /** Aborts when the question must be withdrawn now (see call-ending.ts). */
  withdraw: AbortSignal;
  /**
   * Aborts when the call stops waiting and leaves the question open (see call-ending.ts):
   * the still pending inquiry is then returned, for the caller to say so.
   */
  detach?: AbortSignal | undefined;
}

/** Resolves with `undefined` once `signal` aborts: the holder left, the question stays open. */
function whenDetached(signal: AbortSignal | undefined): Promise<undefined> {
  return new Promise((resolve) => {
    if (signal === undefined) return;
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener("abort", () => resolve(undefined), { once: true });
  });
}

/**
 * Holds a tool call until its inquiry is final, the way send_inquiry and gated proxy calls
 * both do: the opened meta (INQUIRY, or APPROVAL for a gated call) as a progress notification
 * (when the call has a progressToken), INQUIRY_HEARTBEAT every `heartbeatMs`, and
 * INQUIRY_CLOSED before returning the final inquiry. If `withdraw` aborts, the inquiry is
 * resolved `cancelled` through the service's compare-and-set, so a concurrent answer still
 * wins cleanly. If `detach` aborts first, the call stops holding and returns the inquiry as it
 * is now: still pending, open on every device for a repeat of the call to pick up.
 */
export async function awaitResolution(
  context: HoldingContext,
  inquiry: Inquiry,
  call: HoldingCall,
): Promise<Inquiry> {
  const { inquiries } = context;
  const stop = call.withdraw;
  const resolution = inquiries.waitForResolution(inquiry.id);
  const cancel = (): void => {
    inquiries
      .cancel(inquiry.id)
      .catch((error: unknown) =>
        context.logger.error({ err: error, inquiryId: inquiry.id }, "cancelling an inquiry failed"),
      );
  };
  stop.addEventListener("abort", cancel, { once: true });
  if (stop.aborted) cancel();

  const markWaiting = (waiting: boolean): void => {
    inquiries
      .setAgentWaiting(inquiry.userId, inquiry.id, waiting)
      .catch((error: unknown) =>
        context.logger.warn(
          { err: error, inquiryId: inquiry.id },
          "marking the agent's wait failed",
        ),
      );
  };
  const progress = createProgressReporter(call.extra);
  const heartbeat = setInterval(() => {
    void progress.report(toHeartbeatMeta(inquiry));
  }, context.heartbeatMs);
  try {
    await progress.report(toOpenedMeta(inquiry));
    markWaiting(true);
    const final = await Promise.race([resolution, whenDetached(call.detach)]);
    if (final === undefined) {
      // The card now says the agent will get the answer when it asks again.
      markWaiting(false);
      return await inquiries.get(inquiry.userId, inquiry.id);
    }
    const closed = toClosedMeta(final);
    if (closed !== undefined) await progress.report(closed);
    return final;
  } finally {
    clearInterval(heartbeat);
    stop.removeEventListener("abort", cancel);
  }
}
