import { HUB_TOOL_NAMES, RespondInquiryArgsSchema } from "@inquiry-hub/protocol";
import type { McpServer } from "@modelcontextprotocol/server";
import type { InquiryService } from "../inquiry-service";
import { toolErrorResult } from "../../../platform/mcp/tool-error-result";

/**
 * Registers `respond_inquiry`: answers one of the session user's inquiries, recorded as given
 * by the device whose credential opened the MCP session. Failures
 * (unknown, another user's, already resolved) are tool results with `isError: true`, so the
 * model can read and react to them.
 */
export function registerRespondInquiryTool(
  server: McpServer,
  context: { inquiries: InquiryService; userId: string; deviceId: string },
): void {
  server.registerTool(
    HUB_TOOL_NAMES.respondInquiry,
    {
      description:
        "Answer a pending inquiry of this user by its id, as if a device had answered it.",
      inputSchema: RespondInquiryArgsSchema,
    },
    async (args) => {
      try {
        const inquiry = await context.inquiries.answer(
          context.userId,
          args.inquiry_id,
          { action: "answer", response: args.response },
          context.deviceId,
        );
        return { content: [{ type: "text", text: `Inquiry ${inquiry.id} answered.` }] };
      } catch (error) {
        return toolErrorResult(error);
      }
    },
  );
}
