import { toClosedMeta, toHeartbeatMeta, toOpenedMeta } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { ServerContext } from "@modelcontextprotocol/server";
import type { InquiryService } from "../../core/inquiries/inquiry-service";
import { HubError } from "../../core/shared/errors";
import { createProgressReporter } from "./progress-reporter";
import type { Logger } from "../../core/shared/ports";

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
  /** Aborts when the caller gives up (cancelled, session or upstream gone). */
  stop: AbortSignal;
  /**
   * Aborts when the caller went away without giving up (an idempotent call whose session
   * closed): the call stops holding and the inquiry stays pending for the caller's retry.
   */
  release?: AbortSignal;
}

/** Rejects once `signal` aborts: the holder left, the question stays open. */
function whenReleased(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal === undefined) return;
    const leave = (): void =>
      reject(new HubError("UNAVAILABLE", "the session closed; the inquiry stays pending"));
    if (signal.aborted) leave();
    else signal.addEventListener("abort", leave, { once: true });
  });
}

/**
 * Holds a tool call until its inquiry is final, the way send_inquiry and gated proxy calls
 * both do: the opened meta (INQUIRY, or APPROVAL for a gated call) as a progress notification
 * (when the call has a progressToken),
 * INQUIRY_HEARTBEAT every `heartbeatMs`, and INQUIRY_CLOSED before returning the final
 * inquiry. If `stop` aborts, the inquiry is resolved `cancelled` through the service's
 * compare-and-set, so a concurrent answer still wins cleanly. If `release` aborts instead,
 * the call stops holding (rejecting UNAVAILABLE) and leaves the inquiry pending.
 */
export async function awaitResolution(
  context: HoldingContext,
  inquiry: Inquiry,
  call: HoldingCall,
): Promise<Inquiry> {
  const { inquiries } = context;
  const { stop } = call;
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

  const progress = createProgressReporter(call.extra);
  const heartbeat = setInterval(() => {
    void progress.report(toHeartbeatMeta(inquiry));
  }, context.heartbeatMs);
  try {
    await progress.report(toOpenedMeta(inquiry));
    const final = await Promise.race([resolution, whenReleased(call.release)]);
    const closed = toClosedMeta(final);
    if (closed !== undefined) await progress.report(closed);
    return final;
  } finally {
    clearInterval(heartbeat);
    stop.removeEventListener("abort", cancel);
  }
}
