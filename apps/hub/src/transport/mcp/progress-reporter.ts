import { buildInquiryProgressParams } from "@inquiry-hub/protocol";
import type { InquiryProgressMeta } from "@inquiry-hub/protocol";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";

/** Sends the inquiry progress notifications of one tool call, with strictly rising `progress`. */
export interface ProgressReporter {
  report(meta: InquiryProgressMeta): Promise<void>;
}

/**
 * Creates the reporter for a call. Without a `_meta.progressToken` the client did not ask for
 * progress and nothing is sent. A failed send (the client went away) is ignored: the
 * inquiry's lifecycle never depends on a notification being delivered.
 */
export function createProgressReporter(
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): ProgressReporter {
  const progressToken = extra._meta?.progressToken;
  let progress = 0;

  return {
    async report(meta) {
      if (progressToken === undefined || extra.signal.aborted) return;
      const params = buildInquiryProgressParams(progressToken, progress, meta);
      progress += 1;
      try {
        await extra.sendNotification({ method: "notifications/progress", params });
      } catch {
        return;
      }
    },
  };
}
