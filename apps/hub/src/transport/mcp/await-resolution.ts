import { toClosedMeta, toHeartbeatMeta } from "@inquiry-hub/protocol";
import type { Inquiry, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { InquiryService } from "../../core/inquiries/inquiry-service";
import { createProgressReporter } from "./progress-reporter";
import type { Logger } from "../../core/shared/ports";

/** One open inquiry an MCP tool call holds, and how to keep the call informed. */
export interface HeldInquiry {
  inquiries: InquiryService;
  inquiry: Inquiry;
  /** The first progress notification: INQUIRY for send_inquiry, APPROVAL for a gated call. */
  opened: InquiryOpenedMeta;
  heartbeatMs: number;
  /** Hears of a cancel that failed (the inquiry then ends by its own deadline). */
  logger: Logger;
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
  /** Aborts when the caller gives up (cancelled, session or upstream gone). */
  stop: AbortSignal;
}

/**
 * Holds a tool call until its inquiry is final, the way send_inquiry and gated proxy calls
 * both do: `opened` as a progress notification (when the call has a progressToken),
 * INQUIRY_HEARTBEAT every `heartbeatMs`, and INQUIRY_CLOSED before returning the final
 * inquiry. If `stop` aborts, the inquiry is resolved `cancelled` through the service's
 * compare-and-set, so a concurrent answer still wins cleanly.
 */
export async function awaitResolution(held: HeldInquiry): Promise<Inquiry> {
  const { inquiries, inquiry, stop } = held;
  const resolution = inquiries.waitForResolution(inquiry.id);
  const cancel = (): void => {
    inquiries
      .cancel(inquiry.id)
      .catch((error: unknown) =>
        held.logger.error({ err: error, inquiryId: inquiry.id }, "cancelling an inquiry failed"),
      );
  };
  stop.addEventListener("abort", cancel, { once: true });
  if (stop.aborted) cancel();

  const progress = createProgressReporter(held.extra);
  const heartbeat = setInterval(() => {
    void progress.report(toHeartbeatMeta(inquiry));
  }, held.heartbeatMs);
  try {
    await progress.report(held.opened);
    const final = await resolution;
    const closed = toClosedMeta(final);
    if (closed !== undefined) await progress.report(closed);
    return final;
  } finally {
    clearInterval(heartbeat);
    stop.removeEventListener("abort", cancel);
  }
}
