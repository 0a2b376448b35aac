import type { ApprovalDetails, Inquiry, SharedApproval } from "@inquiry-hub/protocol";
import type { ArgumentsValidator } from "../inquiries/ports";
import type { CreateInquiryInput, InquiryService } from "../inquiries/inquiry-service";
import type { TraceCarrier } from "../inquiries/inquiry-tracing";
import type { YoloGate } from "../inquiries/yolo-inquiries";
import { approvalOutcome } from "./approval-outcome";
import type { ApprovalOutcome, GatedCall } from "./approval-outcome";
import { approvalQuestion, renderTemplate } from "./approval-text";
import { auditEntry } from "./audit-log";
import type { AuditSink } from "./audit-log";
import type { GatedPolicy } from "./proxy-policy";
import type { TeamApprovalDeps } from "./team-approval";
import { resolveByStanding } from "./approval-screening";
import type { ApprovalScreening, ScreenedCall, Standing } from "./approval-screening";

/**
 * Who asks the person to approve tool calls, and where the calls come from: a proxy session
 * (its upstream, its session id as the run) or a `request_approval` caller (its `source` and
 * `run_id`). Everything here opens APPROVAL inquiries the same way, whichever asks.
 */
export interface ApprovalAsking {
  inquiries: InquiryService;
  /** Checks arguments against a tool's inputSchema (edits, and calls before anyone is asked). */
  validateArguments: ArgumentsValidator;
  audit: AuditSink;
  /** YOLO: the user's standing "decide yourself" approves the call without asking. */
  yolo: YoloGate;
  /** `?yolo=0` on the MCP URL: always ask in this session, even while the person's YOLO is on. */
  yoloOverride?: boolean | undefined;
  /** Where the call comes from, shown on the card: a proxy upstream or a framework's `source`. */
  upstream: string;
  /** The question's first line, and the card's description when the call has none. */
  descriptionPrefix: string;
  userId: string;
  /** The credential whose call asks; recorded as who asked, so only it may read the approval. */
  agentDeviceId: string;
  /** Groups the approvals of one agent run on the devices; absent = not grouped. */
  runId?: string | undefined;
  /** Routing of policies with `approvers` to teams; such calls are refused without it. */
  teams?: TeamApprovalDeps | undefined;
  /** Risk labels, the person's rules and batches (approval-screening.ts). */
  screening: ApprovalScreening;
}

/** The decision rules of one approval: a proxy tool's policy, or a `request_approval` call's. */
export type ApprovalRules = Pick<
  GatedPolicy,
  "allowedDecisions" | "description" | "onTimeout" | "timeoutMs" | "team"
>;

/** One tool call to approve: the tool's schema, the agent's arguments, the rules that gate it. */
export interface ApprovalRequest {
  tool: string;
  /** The tool's JSON Schema for its arguments; edits must match it. Absent = edits unchecked. */
  inputSchema?: Record<string, unknown> | undefined;
  args: Record<string, unknown>;
  policy: ApprovalRules;
  /**
   * What the tool does, shown as it is (a `request_approval` caller's tool description).
   * When absent, the policy's description template is rendered instead (the proxy's).
   */
  description?: string | undefined;
  /** The calling request's trace context, kept with its APPROVAL inquiry. */
  traceContext?: TraceCarrier | undefined;
}

/** An APPROVAL inquiry request; `approval` is what the record and the device card carry. */
export type ApprovalInquiryInput = CreateInquiryInput & { approval: ApprovalDetails };

/** A tool call turned into its APPROVAL inquiry request and its decision rules. */
export interface PreparedApproval {
  input: ApprovalInquiryInput;
  call: GatedCall;
  /** Turns the final inquiry into the outcome and writes its audit entry. */
  audited: (final: Inquiry) => Promise<ApprovalOutcome>;
}

/** Builds the approval's inquiry request (question, details with inputSchema) and audit. */
export function prepareApproval(
  context: ApprovalAsking,
  request: ApprovalRequest,
): PreparedApproval {
  const { policy, tool, args, inputSchema } = request;
  const subject = { upstream: context.upstream, tool, args };
  const description =
    request.description ??
    (policy.description === undefined ? undefined : renderTemplate(policy.description, subject));
  const approval: ApprovalDetails = {
    upstream: context.upstream,
    tool,
    arguments: args,
    allowedDecisions: policy.allowedDecisions,
    description: description ?? context.descriptionPrefix,
    ...(inputSchema === undefined ? {} : { inputSchema }),
    ...(context.runId === undefined ? {} : { runId: context.runId }),
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
      inputSchema === undefined ? undefined : context.validateArguments(inputSchema, edited),
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
      final,
    );
    return outcome;
  };
  return { input, call, audited };
}

/**
 * Whether the user's standing YOLO approves this call: never for a team's decision (the
 * requester's YOLO does not stand in for it) nor when the rules do not allow `approve`.
 */
async function yoloApproves(
  context: ApprovalAsking,
  request: ApprovalRequest,
  routed: unknown,
): Promise<boolean> {
  return (
    routed === undefined &&
    request.policy.allowedDecisions.includes("approve") &&
    (await context.yolo(context.userId, context.yoloOverride))
  );
}

/** An approval request after screening: labelled, batched, and who (if anyone) stands in. */
export interface ScreenedApproval {
  input: ApprovalInquiryInput;
  standing: Standing;
}

/**
 * Screens one gated call before anyone is asked. The risk label comes first, since a
 * high-risk call is never passed by a rule and is decided only by looking at it (`freshLook`).
 * Then the person's standing instructions, which never stand in for a team (`routed`) nor
 * where the policy does not allow `approve`: their YOLO, else their first rule that permits
 * the call. A call nobody stands in for joins its batch.
 */
export async function screenApproval(
  context: ApprovalAsking,
  request: ApprovalRequest,
  input: ApprovalInquiryInput,
  routed: unknown,
): Promise<ScreenedApproval> {
  const { assessRisk, assignBatch, personRules } = context.screening;
  const call: ScreenedCall = {
    userId: context.userId,
    credentialId: context.agentDeviceId,
    upstream: context.upstream,
    tool: request.tool,
    args: request.args,
    description: input.approval.description,
    runId: context.runId,
  };
  const risk = await assessRisk?.(call);
  const high = risk?.level === "high";
  const rule =
    routed !== undefined || high || !request.policy.allowedDecisions.includes("approve")
      ? undefined
      : await personRules?.permitting(call);
  const standing: Standing = (await yoloApproves(context, request, routed))
    ? { kind: "yolo" }
    : rule === undefined
      ? undefined
      : { kind: "rule", rule };
  const batchId = standing === undefined ? await assignBatch?.(call) : undefined;
  const approval: ApprovalDetails = {
    ...input.approval,
    ...(risk === undefined ? {} : { risk }),
    ...(high ? { freshLook: true as const } : {}),
    ...(batchId === undefined ? {} : { batchId }),
  };
  return { input: { ...input, approval }, standing };
}

/**
 * Opens the APPROVAL inquiry of one call, the one way every path asks: when the person's YOLO
 * or one of their rules stands in, it is stored unannounced and returned already resolved;
 * otherwise it goes to every device (or the team `routed` names) and is returned pending.
 */
export async function openApprovalInquiry(
  context: ApprovalAsking,
  request: ApprovalRequest,
  prepared: ApprovalInquiryInput,
  routed?: { sharedApproval: SharedApproval },
): Promise<Inquiry> {
  const { input, standing } = await screenApproval(context, request, prepared, routed);
  if (standing !== undefined) {
    const hidden = await context.inquiries.create(context.userId, { ...input, announce: false });
    return resolveByStanding(context.inquiries, context.screening.personRules, hidden, standing);
  }
  return context.inquiries.create(context.userId, {
    ...input,
    ...routed,
    askedByCredentialId: context.agentDeviceId,
  });
}
