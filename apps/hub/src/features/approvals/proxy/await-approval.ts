import type { ServerContext } from "@modelcontextprotocol/server";
import type { ForwardOnce } from "../forward-once";
import type { ToolDefinitionPins } from "../ports";
import { openApprovalInquiry, prepareApproval } from "../approval-inquiry";
import type { ApprovalRequest } from "../approval-inquiry";
import type { ApprovalOutcome } from "../approval-outcome";
import { routeOrRefuse } from "../team-approval";
import type { InquiryTracing } from "../../inquiries/inquiry-tracing";
import { awaitResolution } from "../../inquiries/mcp/await-resolution";
import type { KeyedApprovalContext } from "../mcp/keyed-approval";
import type { HeldCalls } from "../../../platform/mcp/held-calls";
import type { HoldOverride } from "../../../platform/mcp/hold-budget";

/** Everything a proxy session shares across its gated calls. */
export interface ApprovalContext extends KeyedApprovalContext {
  /**
   * The legacy proxy session id: groups the approvals of one agent run on the devices. Absent
   * on the 2026-07-28 path, where each request stands alone and the credential's window groups.
   */
  runId?: string | undefined;
  /** Keyed gated calls: the decision is acted on (forwarded) at most once. */
  forwardOnce: ForwardOnce;
  /** Each upstream tool's definition as first seen, so a changed one is asked about. */
  toolPins: ToolDefinitionPins;
  /** Traces proxied tool calls; nothing when absent. */
  tracing?: InquiryTracing | undefined;
  /** This node's held-call caps, shared with `/mcp`: a blocking gated call takes a slot. */
  heldCalls: HeldCalls;
  /** The hold budget of a client the hub does not know (HUB_HOLD_SECONDS; hold-budget.ts). */
  defaultHoldMs: number;
  /** The session's `?hold=`, when it set one. */
  hold?: HoldOverride | undefined;
}

/**
 * Asks the session's user to approve one tool call and waits for the decision, exactly like
 * send_inquiry: an APPROVAL progress notification (when the call has a progressToken),
 * heartbeats, and INQUIRY_CLOSED before returning. The approval details, inputSchema
 * included, ride on the inquiry record, where the inquiry service checks every answer
 * before it resolves the call. If `stop` aborts (the agent
 * cancelled, the session or the upstream went away) the inquiry is resolved `cancelled`
 * through the service's compare-and-set, so a concurrent answer still wins cleanly.
 * A policy with `approvers` routes the one inquiry to a team's audience instead (votes,
 * escalation timers while waiting, every vote in the audit entry); the requester's YOLO
 * never stands in for a team's decision.
 */
export async function awaitApproval(
  context: ApprovalContext,
  request: ApprovalRequest,
  extra: ServerContext,
  stop: AbortSignal,
): Promise<ApprovalOutcome> {
  const { input, audited } = prepareApproval(context, request);
  const { policy, tool } = request;
  const routed =
    policy.team === undefined
      ? undefined
      : await routeOrRefuse(context.teams, policy.team, context.userId, tool);
  if (routed !== undefined && "refused" in routed) return routed.refused;
  const inquiry = await openApprovalInquiry(context, request, input, routed);
  if (inquiry.status !== "pending") return audited(inquiry);
  const stopEscalating =
    routed === undefined ? undefined : context.teams?.followEscalations(inquiry);
  try {
    const final = await awaitResolution(context, inquiry, { extra, withdraw: stop });
    return audited(final);
  } finally {
    stopEscalating?.();
  }
}
