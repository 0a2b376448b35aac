import { buildInquiryProgressParams } from "@inquiry-hub/protocol";
import type { InquiryProgressMeta } from "@inquiry-hub/protocol";
import type { ServerContext } from "@modelcontextprotocol/server";
import { progressSequenceOf } from "./progress-sequence";

/** Sends the inquiry progress notifications of one tool call, with strictly rising `progress`. */
export interface ProgressReporter {
  report(meta: InquiryProgressMeta): Promise<void>;
}

/**
 * Creates the reporter for a call; its values continue the request's progress sequence, which
 * an upstream's relayed progress shares. Without a `_meta.progressToken` the client did not ask for
 * progress and nothing is sent. A failed send (the client went away) is ignored: the
 * inquiry's lifecycle never depends on a notification being delivered.
 */
export function createProgressReporter(extra: ServerContext): ProgressReporter {
  const progressToken = extra.mcpReq._meta?.progressToken;
  const sequence = progressSequenceOf(extra);

  return {
    async report(meta) {
      if (progressToken === undefined || extra.mcpReq.signal.aborted) return;
      const params = buildInquiryProgressParams(progressToken, sequence.next(), meta);
      try {
        await extra.mcpReq.notify({ method: "notifications/progress", params });
      } catch {
        return;
      }
    },
  };
}
