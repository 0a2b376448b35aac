import {
  APPROVAL_DECISIONS,
  HUB_TOOL_NAMES,
  IDEMPOTENCY_META_KEY,
  RequestApprovalArgsSchema,
  RequestApprovalReplySchema,
  waitingResultText,
} from "@inquiry-hub/protocol";
import type { Inquiry, RequestApprovalArgs, RequestApprovalReply } from "@inquiry-hub/protocol";
import type { CallToolResult, McpServer, ServerContext } from "@modelcontextprotocol/server";
import type { ApprovalRequest } from "../approval-inquiry";
import type { ApprovalOutcome } from "../approval-outcome";
import type { AuditSink } from "../audit-log";
import type { ForwardOnce } from "../forward-once";
import { frameworkApprovalReply } from "../framework-approval-result";
import type { IdempotentInquiries } from "../../inquiries/idempotent-inquiries";
import { NO_INQUIRY_TRACING } from "../../inquiries/inquiry-tracing";
import type { InquiryTracing, TracedToolCall } from "../../inquiries/inquiry-tracing";
import type { InquiryService } from "../../inquiries/inquiry-service";
import type { ArgumentsValidator } from "../../inquiries/ports";
import type { YoloGate } from "../../inquiries/yolo-inquiries";
import { HubError } from "../../../kernel/errors";
import type { Logger } from "../../../kernel/ports";
import { repeatKey } from "../../inquiries/repeat-key";
import { callEnding } from "../../../platform/mcp/call-ending";
import { confirmDelivery } from "../../inquiries/mcp/delivery-window";
import type { LateCancels } from "../../../platform/mcp/late-cancels";
import { callTraceCarriers } from "../../inquiries/mcp/call-trace-context";
import { readIdempotencyKey } from "../../../platform/mcp/idempotency-key";
import { awaitKeyedApproval } from "./keyed-approval";
import type { KeyedApprovalContext } from "./keyed-approval";
import { toolErrorResult } from "../../../platform/mcp/tool-error-result";
import type { HeldCalls } from "../../../platform/mcp/held-calls";

/** The description of request_approval in tools/list. */
export const REQUEST_APPROVAL_DESCRIPTION =
  "For framework bridges (LangGraph.js, the OpenAI Agents SDK, the AI SDK), not for models: " +
  "asks the person to approve a tool call the agent is about to run in its own process and " +
  "waits for the decision. structuredContent is {inquiryId, decision, arguments?, message?}; " +
  "run the call only on decision approve or edit, with exactly the returned arguments. Send " +
  `the framework's own tool-call id as _meta "${IDEMPOTENCY_META_KEY}" so a restarted ` +
  "process gets the same approval instead of asking twice.";

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
}

/** What a request_approval call needs from its session. */
export interface RequestApprovalContext extends RequestApprovalDeps {
  inquiries: InquiryService;
  /** Keyed calls: one approval per user and key (see requestApprovalIdempotencyKey). */
  idempotent: IdempotentInquiries;
  /** Aborts when the call's carrier went away without a cancel (see call-ending.ts). */
  sessionGone: AbortSignal;
  /** The session's cancels, heard even after a call was answered; absent without a session. */
  cancels?: LateCancels | undefined;
  userId: string;
  /** The credential that calls; recorded as who asked, so only it may read the approval. */
  credentialId: string;
  /** This node's held-call caps: the call takes a slot before anything is asked. */
  heldCalls: HeldCalls;
  heartbeatMs: number;
  /** How long this call may hold before it returns `pending` (hold-budget.ts). */
  holdBudgetMs(ctx: ServerContext): number | undefined;
  logger: Logger;
  yolo: YoloGate;
  /** `?yolo=0`: always ask in this session, even while the person's YOLO is on. */
  yoloOverride?: boolean | undefined;
  /** `?timeout=`: the person's deadline for this session's questions and approvals. */
  timeoutMs?: number | undefined;
  tracing?: InquiryTracing | undefined;
}

/**
 * Registers `request_approval`: a framework bridge asks the person to approve a tool call
 * its agent runs in its own process. The APPROVAL inquiry is opened through the proxy's own
 * path (prepareApproval, openApprovalInquiry; `source` shown where a gated call shows its
 * upstream, `run_id` grouping the cards), held like send_inquiry (APPROVAL progress,
 * heartbeats, INQUIRY_CLOSED), decided by approvalOutcome and audited. The result is a
 * sentence plus `structuredContent` (RequestApprovalReply). Timeout is `timeout` (fail
 * closed); a withdrawal is `cancelled`; YOLO approves at once as delegated, as for
 * the proxy. A refusal (bad arguments, the pending cap, a rate limit) is an `isError` result
 * naming the problem, and opens nothing.
 *
 * Every call holds on the one approval of its credential and key (awaitKeyedApproval, as the
 * proxy's gated calls): the idempotency key in `_meta`, or without one the repeat key of the
 * call itself (source, tool, arguments). A repeat while it is pending holds on it; a repeat
 * after the decision gets it at once under a caller's key, and exactly once under a repeat key
 * (then the same call asks anew); a decision whose call was cancelled as it was returned (the
 * client's timeout fired) counts as not delivered and goes to the repeat (delivery-window.ts). Only a cancel with WITHDRAW_REASON withdraws it; a client's
 * timeout or a closed session leaves it pending for the retry, and a call whose hold budget
 * ran out returns `pending`. A key that names another call is refused.
 *
 * What bounds it: arguments and input_schema are at most MAX_APPROVAL_JSON_LENGTH characters
 * of JSON each (the schema), and the whole request at most the hub's JSON body limit (config
 * `jsonBodyLimitBytes`, 64 KiB by default, so that one binds first: 413 before the tool
 * runs). Every approval counts against the user's pending-inquiry cap
 * (`HUB_PENDING_INQUIRIES_PER_USER`) and the per-minute creation limit
 * (`HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE`), a YOLO one against the delegated limit, as any
 * inquiry does (withRateLimits, the store's atomic cap); a key's approval is one inquiry
 * however often it is repeated; the per-credential caps (`HUB_PENDING_INQUIRIES_PER_CREDENTIAL`,
 * `HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE`, `HUB_HELD_CALLS_PER_CREDENTIAL`) keep
 * one credential from using up the person's.
 */
export function registerRequestApprovalTool(
  server: McpServer,
  context: RequestApprovalContext,
): void {
  server.registerTool(
    HUB_TOOL_NAMES.requestApproval,
    {
      description: REQUEST_APPROVAL_DESCRIPTION,
      inputSchema: RequestApprovalArgsSchema,
      outputSchema: RequestApprovalReplySchema,
    },
    async (args, ctx) => {
      const tracing = context.tracing ?? NO_INQUIRY_TRACING;
      const traced = tracing.startToolCall(HUB_TOOL_NAMES.requestApproval, callTraceCarriers(ctx));
      try {
        const owner = { userId: context.userId, credentialId: context.credentialId };
        const result = await context.heldCalls.hold(owner, () =>
          handleCall(context, args, ctx, traced),
        );
        traced.end();
        return result;
      } catch (error) {
        traced.end({ error });
        return toolErrorResult(error);
      }
    },
  );
}

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
async function handleCall(
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
    const ending = callEnding({
      callSignal: ctx.mcpReq.signal,
      carrierGone: context.sessionGone,
      budgetMs: context.holdBudgetMs(ctx),
    });
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
      if (delivery !== undefined)
        confirmDelivery(delivery, ctx, context.cancels, context.logger);
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
