import { HUB_TOOL_NAMES, SendInquiryArgsSchema, inquiryResultText } from "@inquiry-hub/protocol";
import type { Inquiry, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { InquiryService } from "../../core/inquiry-service";
import { createProgressReporter } from "./progress-reporter";

/** The description of send_inquiry in tools/list unless a session overrides it. */
export const DEFAULT_SEND_INQUIRY_DESCRIPTION =
  "Ask the human user a question and wait for the answer. Use it when the request is ambiguous " +
  "or you need a decision only the user can make. Returns the user's answer, or a sentence " +
  "saying they declined or did not answer in time.";

/** What a send_inquiry call needs from its session. */
export interface SendInquiryContext {
  inquiries: InquiryService;
  userId: string;
  heartbeatMs: number;
  timeoutMs?: number | undefined;
  description?: string | undefined;
}

function openedMeta(inquiry: Inquiry): InquiryOpenedMeta {
  return {
    type: "INQUIRY",
    inquiryId: inquiry.id,
    question: inquiry.question,
    expiresAt: inquiry.expiresAt,
    ...(inquiry.options.length === 0 ? {} : { options: inquiry.options }),
    ...(inquiry.suggestedAnswer === undefined ? {} : { suggestedAnswer: inquiry.suggestedAnswer }),
  };
}

/**
 * Registers `send_inquiry`: creates the inquiry, announces it as an INQUIRY progress
 * notification, keeps the call alive with heartbeats, and returns the resolution as text.
 * A cancelled call (notifications/cancelled, closed session) resolves the inquiry `cancelled`
 * through the service's compare-and-set, so a concurrent answer still wins cleanly.
 */
export function registerSendInquiryTool(server: McpServer, context: SendInquiryContext): void {
  server.registerTool(
    HUB_TOOL_NAMES.sendInquiry,
    {
      description: context.description ?? DEFAULT_SEND_INQUIRY_DESCRIPTION,
      inputSchema: SendInquiryArgsSchema,
    },
    async (args, extra) => {
      const inquiry = await context.inquiries.create(context.userId, {
        question: args.prompt,
        ...(args.options === undefined ? {} : { options: args.options }),
        suggestedAnswer: args.suggested_answer,
        ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
      });
      const resolution = context.inquiries.waitForResolution(inquiry.id);
      const cancel = (): void => {
        context.inquiries
          .cancel(inquiry.id)
          .catch((error: unknown) => console.error("cancel failed", error));
      };
      extra.signal.addEventListener("abort", cancel, { once: true });
      if (extra.signal.aborted) cancel();

      const progress = createProgressReporter(extra);
      const heartbeat = setInterval(() => {
        void progress.report({ type: "INQUIRY_HEARTBEAT", inquiryId: inquiry.id });
      }, context.heartbeatMs);
      try {
        await progress.report(openedMeta(inquiry));
        const final = await resolution;
        if (final.resolution !== null) {
          await progress.report({
            type: "INQUIRY_CLOSED",
            inquiryId: inquiry.id,
            status: final.resolution.status,
          });
        }
        return { content: [{ type: "text", text: inquiryResultText(final) }] };
      } finally {
        clearInterval(heartbeat);
        extra.signal.removeEventListener("abort", cancel);
      }
    },
  );
}
