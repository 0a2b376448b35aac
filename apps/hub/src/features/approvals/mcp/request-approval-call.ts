import { APPROVAL_DECISIONS, HUB_TOOL_NAMES, waitingResultText } from "@inquiry-hub/protocol";
import type { Inquiry, RequestApprovalArgs, RequestApprovalReply } from "@inquiry-hub/protocol";
import type { CallToolResult, ServerContext } from "@modelcontextprotocol/server";
import type { ApprovalRequest } from "../approval-inquiry";
import type { ApprovalScreening } from "../approval-screening";
import type { ApprovalOutcome } from "../approval-outcome";
import type { AuditSink } from "../audit-log";
import type { ForwardOnce } from "../forward-once";
import { frameworkApprovalReply } from "../framework-approval-result";
import type { TracedToolCall } from "../../inquiries/inquiry-tracing";
import type { ArgumentsValidator } from "../../inquiries/ports";
import { HubError } from "../../../kernel/errors";
import { repeatKey } from "../../inquiries/repeat-key";
import { confirmDelivery } from "../../inquiries/mcp/delivery-window";
import { holdEnding } from "../../inquiries/mcp/held-tool-call";
import type { HeldToolSession } from "../../inquiries/mcp/held-tool-call";
import { readIdempotencyKey } from "../../../platform/mcp/idempotency-key";
import { awaitKeyedApproval } from "./keyed-approval";
import type { KeyedApprovalContext } from "./keyed-approval";

/** How long a call without a key waits for a racing call's turn on the decision to end. */
const TURN_WAIT_MS = 5_000;
/** How often a call without a key starts over after its kept decision went to another call. */
const MAX_ROUNDS = 3;

/** The question's first line, and the card's description when the call gives none. */
const DESCRIPTION_PREFIX = "Tool execution requires approval";

/**
 * The key a `request_approval` call is indexed under. The space can never occur in a key a
 * caller sends (IdempotencyKeySchema), so no send_inquiry key and no proxy key (`proxy:…`)
 * ever equals one of these, and no request_approval key lands on their inquiries.
 */
export function requestApprovalIdempotencyKey(key: string): string {
  return `request_approval ${key}`;
}

/** What request_approval needs from the node besides what every hub tool has. */
export interface RequestApprovalDeps {
  /** Checks the call's arguments (and the person's edits) against its `input_schema`. */
  validateArguments: ArgumentsValidator;
  /** Where decisions are recorded, one entry per decided approval (HubDeps.approvalAudit). */
  audit: AuditSink;
  /** Keyed calls: the audit entry is written by exactly one of the calls holding the key. */
  forwardOnce: ForwardOnce;
  /**
   * The approval proxy's upstream names, lowercased. A `source` may not take one: the card
   * would pass the call off as gated by the proxy's policy, and the proxy's approval tasks
   * find their approvals by upstream name.
   */
  proxyUpstreams: ReadonlySet<string>;
  /** Risk labels, the person's rules and batches, as for the proxy's gated calls. */
  screening: ApprovalScreening;
}

/** What a request_approval call needs from its session. */
export interface RequestApprovalContext extends RequestApprovalDeps, HeldToolSession {}

/** Refuses, before anyone is asked, a call the person could not approve as shown. */
function refuseUnfit(context: RequestApprovalContext, args: RequestApprovalArgs): void {
  if (context.proxyUpstreams.has(args.source))
    throw new HubError(
      "BAD_REQUEST",
      `source: "${args.source}" names an upstream of this hub's approval proxy; name the framework instead (e.g. langgraph)`,
    );
  if (args.input_schema === undefined) return;
  const misfit = context.validateArguments(args.input_schema, args.arguments);
  if (misfit !== undefined)
    throw new HubError(
      "BAD_REQUEST",
      `arguments do not fit input_schema: ${misfit}. Nothing was asked; fix the arguments and call again.`,
    );
}

/** The approval request of one call, under the rules the call itself sets. */
function approvalRequestOf(
  context: RequestApprovalContext,
  args: RequestApprovalArgs,
  traced: TracedToolCall,
): ApprovalRequest {
  return {
    tool: args.tool,
    inputSchema: args.input_schema,
    args: args.arguments,
    policy: {
      allowedDecisions: [...new Set(args.allowed_decisions ?? APPROVAL_DECISIONS)],
      onTimeout: "reject",
      timeoutMs: context.timeoutMs,
    },
    description: args.description,
    traceContext: traced.carrier,
  };
}
/** One request_approval call; `traced` is its span, whose context the approval keeps. */
export async function handleRequestApprovalCall(
  context: RequestApprovalContext,
  args: RequestApprovalArgs,
  ctx: ServerContext,
  traced: TracedToolCall,
): Promise<CallToolResult> {
  const key = readIdempotencyKey(ctx.mcpReq._meta);
  refuseUnfit(context, args);
  const asking: KeyedApprovalContext = {
    ...context,
    upstream: args.source,
    descriptionPrefix: DESCRIPTION_PREFIX,
    agentDeviceId: context.credentialId,
    runId: args.run_id,
  };
  const request = approvalRequestOf(context, args, traced);
  const reply = (final: Inquiry, outcome: ApprovalOutcome): CallToolResult => {
    traced.returned(final);
    const { text, result } = frameworkApprovalReply(final, args.tool, outcome);
    return { content: [{ type: "text", text }], structuredContent: result };
  };

  // A call without a key is indexed under the call itself (repeatKey), so a repeat after its
  // client timed out picks up the same card.
  const indexKey = requestApprovalIdempotencyKey(
    key ??
      repeatKey(HUB_TOOL_NAMES.requestApproval, {
        source: args.source,
        tool: args.tool,
        arguments: args.arguments,
      }),
  );
  const owner = { userId: context.userId, credentialId: context.credentialId };
  const decided = async (round: number): Promise<CallToolResult> => {
    const ending = holdEnding(context, ctx);
    const approval = await awaitKeyedApproval(asking, request, ctx, {
      key: key ?? indexKey,
      indexKey,
      ending,
    }).finally(ending.finish);
    if (approval.kind === "refused") {
      if (approval.outcome.forward) throw new Error("a refused approval cannot be run");
      throw new HubError("CONFLICT", approval.outcome.text);
    }
    traced.opened(approval.inquiry);
    if (approval.kind === "waiting") return waitingReply(approval.inquiry, args.tool);
    const { inquiry, outcome } = approval;
    // Without a key, a racing call that took the turn is given the time to record it.
    const turn = await context.forwardOnce.takeTurn(
      owner,
      indexKey,
      inquiry.id,
      key === undefined ? TURN_WAIT_MS : 0,
    );
    if (turn.kind === "act") {
      await approval.audit();
      await turn.finish(null);
    }
    if (key !== undefined) return reply(inquiry, outcome);
    // A decision kept for the agent applies to one call; after it, the same call asks anew.
    // It is delivered once it reached the caller (delivery-window.ts); a withdrawn call's
    // decision is nobody's to keep.
    if (turn.kind === "act" && ending.withdrawn.aborted)
      await context.idempotent.forget(owner, indexKey, inquiry.id);
    else {
      const delivery =
        turn.kind === "act"
          ? await context.idempotent.beginDelivery(owner, indexKey, inquiry.id)
          : await context.idempotent.takeKept(owner, indexKey, inquiry.id);
      if (delivery !== undefined) confirmDelivery(delivery, ctx, context.cancels, context.logger);
      else if (turn.kind !== "act") {
        if (round < MAX_ROUNDS) return decided(round + 1);
        throw new HubError("UNAVAILABLE", "the same approval is being requested by a racing call");
      }
    }
    return reply(inquiry, outcome);
  };
  return decided(1);
}

/**
 * The reply of a call that stopped waiting (its hold budget ran out) while the approval stays
 * open: `pending`, with the sentence a model would get and the question's deadline.
 */
function waitingReply(inquiry: Inquiry, tool: string): CallToolResult {
  const result: RequestApprovalReply = {
    inquiryId: inquiry.id,
    decision: "pending",
    expiresAt: inquiry.expiresAt,
    message: waitingResultText(inquiry, `request_approval (for ${tool})`),
  };
  return { content: [{ type: "text", text: result.message ?? "" }], structuredContent: result };
}
