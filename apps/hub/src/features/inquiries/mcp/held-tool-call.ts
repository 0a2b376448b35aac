import type { CallToolResult, ServerContext } from "@modelcontextprotocol/server";
import type { InquiryService } from "../inquiry-service";
import type { IdempotentInquiries } from "../idempotent-inquiries";
import type { YoloGate } from "../yolo-inquiries";
import { NO_INQUIRY_TRACING } from "../inquiry-tracing";
import type { InquiryTracing, TracedToolCall } from "../inquiry-tracing";
import type { Logger } from "../../../kernel/ports";
import { callEnding } from "../../../platform/mcp/call-ending";
import type { CallEnding } from "../../../platform/mcp/call-ending";
import type { HeldCalls } from "../../../platform/mcp/held-calls";
import type { LateCancels } from "../../../platform/mcp/late-cancels";
import { toolErrorResult } from "../../../platform/mcp/tool-error-result";
import { callTraceCarriers } from "./call-trace-context";

/**
 * What a hub tool whose call waits for the person (send_inquiry, request_approval) needs from
 * its session: where it asks, how it holds, and who calls.
 */
export interface HeldToolSession {
  inquiries: InquiryService;
  /** Keyed calls: one inquiry per user and key, created once. */
  idempotent: IdempotentInquiries;
  /** Aborts when the call's carrier went away without a cancel (see call-ending.ts). */
  sessionGone: AbortSignal;
  /** The session's cancels, heard even after a call was answered; absent without a session. */
  cancels?: LateCancels | undefined;
  userId: string;
  /** The credential that calls; recorded on each inquiry as who asked, so only it may read it. */
  credentialId: string;
  /** This node's held-call caps: a call that waits for the person takes a slot first. */
  heldCalls: HeldCalls;
  heartbeatMs: number;
  /** How long this call may hold before it returns "not answered yet" (hold-budget.ts). */
  holdBudgetMs(ctx: ServerContext): number | undefined;
  logger: Logger;
  /** Whether to resolve at once as delegated instead of asking (YOLO). */
  yolo: YoloGate;
  /** `?yolo=0`: always ask in this session, even while the person's YOLO is on. */
  yoloOverride?: boolean | undefined;
  /** `?timeout=`: the person's deadline for this session's questions and approvals. */
  timeoutMs?: number | undefined;
  /** Records each call as a server span joined to its caller's trace; nothing when absent. */
  tracing?: InquiryTracing | undefined;
}

/**
 * Runs one call of `tool` as a server span joined to its caller's trace; a throw ends the span
 * with the error and becomes the tool's `isError` result.
 */
export async function runTracedToolCall(
  session: Pick<HeldToolSession, "tracing">,
  tool: string,
  ctx: ServerContext,
  call: (traced: TracedToolCall) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const tracing = session.tracing ?? NO_INQUIRY_TRACING;
  const traced = tracing.startToolCall(tool, callTraceCarriers(ctx));
  try {
    const result = await call(traced);
    traced.end();
    return result;
  } catch (error) {
    traced.end({ error });
    return toolErrorResult(error);
  }
}

/** Why a held call stops waiting: its own cancel, its carrier gone, or its hold budget spent. */
export function holdEnding(
  session: Pick<HeldToolSession, "sessionGone" | "holdBudgetMs">,
  ctx: ServerContext,
): CallEnding {
  return callEnding({
    callSignal: ctx.mcpReq.signal,
    carrierGone: session.sessionGone,
    budgetMs: session.holdBudgetMs(ctx),
  });
}
