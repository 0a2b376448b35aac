import type { ApprovalDetails, Inquiry, SharedApproval } from "@inquiry-hub/protocol";
import type { ServerContext } from "@modelcontextprotocol/server";
import type { ArgumentsValidator } from "../../core/inquiries/ports";
import type { CreateInquiryInput, InquiryService } from "../../core/inquiries/inquiry-service";
import type { YoloGate } from "../../core/inquiries/yolo-inquiries";
import type { IdempotentInquiries } from "../../core/inquiries/idempotent-inquiries";
import type { ForwardOnce } from "../../core/approvals/forward-once";
import { awaitResolution } from "../mcp/await-resolution";
import { approvalOutcome } from "../../core/approvals/approval-outcome";
import type { ApprovalOutcome, GatedCall } from "../../core/approvals/approval-outcome";
import { approvalQuestion, renderTemplate } from "../../core/approvals/approval-text";
import { auditEntry } from "../../core/approvals/audit-log";
import type { AuditSink } from "../../core/approvals/audit-log";
import type { GatedPolicy } from "../../core/approvals/proxy-policy";
import { routeOrRefuse } from "../../core/approvals/team-approval";
import type { TeamApprovalDeps } from "../../core/approvals/team-approval";
import type { Logger } from "../../core/shared/ports";
import type { InquiryTracing, TraceCarrier } from "../../core/inquiries/inquiry-tracing";

/** Everything a proxy session shares across its gated calls. */
export interface ApprovalContext {
  inquiries: InquiryService;
  validateArguments: ArgumentsValidator;
  audit: AuditSink;
  heartbeatMs: number;
  logger: Logger;
  /** YOLO: the user's standing "decide yourself" approves the call without asking. */
  yolo: YoloGate;
  /** `?yolo=0` on the proxy URL: always ask in this session, even while the person's YOLO is on. */
  yoloOverride?: boolean | undefined;
  upstream: string;
  descriptionPrefix: string;
  userId: string;
  agentDeviceId: string;
  /** The proxy session id: groups the approvals of one agent run on the devices. */
  runId: string;
  /** Routing of policies with `approvers` to teams; such calls are refused without it. */
  teams?: TeamApprovalDeps | undefined;
  /** Keyed gated calls: one approval per user, upstream and idempotency key. */
  idempotent: IdempotentInquiries;
  /** Keyed gated calls: the decision is acted on (forwarded) at most once. */
  forwardOnce: ForwardOnce;
  /** Traces proxied tool calls; nothing when absent. */
  tracing?: InquiryTracing | undefined;
}

/** One gated call: the upstream tool's schema, the agent's arguments, the policy that gated it. */
export interface ApprovalRequest {
  tool: string;
  inputSchema: Record<string, unknown>;
  args: Record<string, unknown>;
  policy: GatedPolicy;
  /** The proxied call's trace context, kept with its APPROVAL inquiry. */
  traceContext?: TraceCarrier | undefined;
}

/** An APPROVAL inquiry request; `approval` is what the record and the device card carry. */
export type ApprovalInquiryInput = CreateInquiryInput & { approval: ApprovalDetails };

/**
 * YOLO for a gated call: the APPROVAL inquiry is stored but never shown, and resolved at once
 * as `approve` with `delegated: true`, so the audit log and the history say who let it run.
 */
export async function resolveAsDelegated(
  inquiries: InquiryService,
  inquiry: Inquiry,
): Promise<Inquiry> {
  const { inquiry: final } = await inquiries.resolve(inquiry.id, {
    status: "answered",
    response: "approve",
    delegated: true,
    resolvedAt: new Date().toISOString(),
  });
  return final;
}

/** A gated call turned into its APPROVAL inquiry request and its decision rules. */
export interface PreparedApproval {
  input: ApprovalInquiryInput;
  call: GatedCall;
  /** Turns the final inquiry into the outcome and writes its audit entry. */
  audited: (final: Inquiry) => Promise<ApprovalOutcome>;
}

/** Builds the approval's inquiry request (question, details with inputSchema) and audit. */
export function prepareApproval(
  context: ApprovalContext,
  request: ApprovalRequest,
): PreparedApproval {
  const { policy, tool, args } = request;
  const subject = { upstream: context.upstream, tool, args };
  const description =
    policy.description === undefined ? undefined : renderTemplate(policy.description, subject);
  const approval: ApprovalDetails = {
    upstream: context.upstream,
    tool,
    arguments: args,
    allowedDecisions: policy.allowedDecisions,
    description: description ?? context.descriptionPrefix,
    inputSchema: request.inputSchema,
    runId: context.runId,
  };
  const input: ApprovalInquiryInput = {
    type: "APPROVAL",
    question: approvalQuestion(context.descriptionPrefix, description, subject),
    ...(policy.timeoutMs === undefined ? {} : { timeoutMs: policy.timeoutMs }),
    approval,
    ...(request.traceContext === undefined ? {} : { traceContext: request.traceContext }),
  };
  const call: GatedCall = {
    tool,
    args,
    allowedDecisions: policy.allowedDecisions,
    onTimeout: policy.onTimeout,
    checkArguments: (edited: Record<string, unknown>) =>
      context.validateArguments(request.inputSchema, edited),
  };
  const audited = async (final: Inquiry): Promise<ApprovalOutcome> => {
    const outcome = approvalOutcome(final, call);
    const votes =
      final.sharedApproval === undefined ? undefined : await context.teams?.votesOf(final.id);
    context.audit(
      auditEntry(
        {
          upstream: context.upstream,
          tool,
          userId: context.userId,
          agentDeviceId: context.agentDeviceId,
          originalArguments: args,
        },
        final,
        outcome,
        votes,
      ),
    );
    return outcome;
  };
  return { input, call, audited };
}

/**
 * Whether the user's standing YOLO approves this call: never for a team's decision (the
 * requester's YOLO does not stand in for it) nor when the policy does not allow `approve`.
 */
export async function yoloApproves(
  context: ApprovalContext,
  request: ApprovalRequest,
  routed: unknown,
): Promise<boolean> {
  return (
    routed === undefined &&
    request.policy.allowedDecisions.includes("approve") &&
    (await context.yolo(context.userId, context.yoloOverride))
  );
}

/**
 * Opens the APPROVAL inquiry of one gated call, the one way every path asks: under the user's
 * standing YOLO it is stored unannounced and returned already resolved as delegated;
 * otherwise it goes to every device (or the team `routed` names) and is returned pending.
 */
export async function openApprovalInquiry(
  context: ApprovalContext,
  request: ApprovalRequest,
  input: ApprovalInquiryInput,
  routed?: { sharedApproval: SharedApproval },
): Promise<Inquiry> {
  if (await yoloApproves(context, request, routed)) {
    const hidden = await context.inquiries.create(context.userId, { ...input, announce: false });
    return resolveAsDelegated(context.inquiries, hidden);
  }
  return context.inquiries.create(context.userId, {
    ...input,
    ...routed,
    askedByCredentialId: context.agentDeviceId,
  });
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
    const final = await awaitResolution(context, inquiry, { extra, stop });
    return audited(final);
  } finally {
    stopEscalating?.();
  }
}
