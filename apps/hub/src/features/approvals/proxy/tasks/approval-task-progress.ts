import type { Inquiry } from "@inquiry-hub/protocol";
import { ProtocolError } from "@modelcontextprotocol/server";
import type { CallToolResult, ServerContext } from "@modelcontextprotocol/server";
import { policyFor } from "../../approval-policy";
import { unknownOutcomeText } from "../../approval-text";
import type { GatedPolicy, UpstreamConfig } from "../../proxy-policy";
import { prepareApproval } from "../../approval-inquiry";
import type { ApprovalRequest } from "../../approval-inquiry";
import type { ApprovalContext } from "../await-approval";
import { StoredOutcomeSchema } from "../keyed-gated-call";
import type { StoredOutcome } from "../keyed-gated-call";
import { notRunResult } from "../upstream-forward";
import type { UpstreamForward } from "../upstream-forward";

/**
 * How long past the upstream's own deadline a forward that recorded no result is still
 * taken to be running on another node; after that its outcome is unknown.
 */
const FORWARD_GRACE_MS = 30_000;

/** Where an approval task stands once its approval is no longer pending. */
export type ApprovalTaskProgress =
  /** Approved, and some node is forwarding the call right now. */
  | { kind: "forwarding" }
  /** The approval was withdrawn (tasks/cancel, a revoked credential, the hub). */
  | { kind: "cancelled" }
  /** The call's final outcome: the upstream's result or error, or the not-run text. */
  | { kind: "done"; outcome: StoredOutcome };

/** What acting on a decided approval task needs from its request's proxy server. */
export interface ApprovalTaskActions {
  context: ApprovalContext;
  upstream: UpstreamConfig;
  forward: UpstreamForward;
  /** Whether the tool declares an outputSchema (a not-run text is then `isError`). */
  hasOutputSchema(tool: string, extra: ServerContext): Promise<boolean>;
}

/**
 * The key a task's forward is recorded under in the idempotency index: derived from the
 * inquiry, so every node serving the task finds it by the task id alone, and apart from
 * the `proxy:` keys of clients' idempotency keys.
 */
export function approvalTaskKey(upstream: string, inquiryId: string): string {
  return `approval-task:${upstream}:${inquiryId}`;
}

/**
 * The gated call as its approval record holds it: the arguments and decisions the person was
 * shown; only `onTimeout` comes from this node's policy (fail closed if it is gone).
 */
function recordedRequest(inquiry: Inquiry, upstream: UpstreamConfig): ApprovalRequest {
  const approval = inquiry.approval;
  if (approval === undefined) throw new Error(`inquiry ${inquiry.id} is no approval`);
  const configured = policyFor(upstream, approval.tool);
  const policy: GatedPolicy = {
    gate: true,
    allowedDecisions: approval.allowedDecisions,
    allow: [],
    onTimeout: configured.gate ? configured.onTimeout : "reject",
  };
  return {
    tool: approval.tool,
    inputSchema: approval.inputSchema ?? {},
    args: approval.arguments,
    policy,
  };
}

/** A started forward with no result: still running, or its outcome is unknown. */
function startedElsewhere(
  actions: ApprovalTaskActions,
  tool: string,
  startedAt: string | undefined,
): ApprovalTaskProgress {
  const deadline =
    startedAt === undefined
      ? 0
      : Date.parse(startedAt) + actions.upstream.timeoutMs + FORWARD_GRACE_MS;
  if (Date.now() < deadline) return { kind: "forwarding" };
  const text = unknownOutcomeText(actions.context.upstream, tool);
  return {
    kind: "done",
    outcome: { result: { content: [{ type: "text", text }], isError: true } },
  };
}

/**
 * Acts on a decided approval task at most once, from whichever request first sees the
 * decision: with no tools/call open any more, that is the `tasks/get` (or the creating
 * tools/call, under YOLO) being served, on whichever node. It takes the ForwardOnce turn
 * under {@link approvalTaskKey}, writes the audit entry, forwards an approved call within
 * this request (bounded by the upstream's deadline) and records the result or the not-run
 * text beside the key; every later request, on any node, reads that record. A turn taken
 * elsewhere without a result is `forwarding` until the upstream's deadline has surely
 * passed, then "outcome unknown": never run twice. A forward that failed because this
 * request went away records nothing, like a keyed call whose session closed.
 */
export async function settleApprovalTask(
  actions: ApprovalTaskActions,
  final: Inquiry,
  extra: ServerContext,
): Promise<ApprovalTaskProgress> {
  const { context } = actions;
  const request = recordedRequest(final, actions.upstream);
  const turn = await context.forwardOnce.takeTurn(
    { userId: context.userId, credentialId: context.agentDeviceId },
    approvalTaskKey(context.upstream, final.id),
    final.id,
    0,
  );
  const cancelled = final.status === "cancelled";
  switch (turn.kind) {
    case "finished":
      return cancelled
        ? { kind: "cancelled" }
        : { kind: "done", outcome: StoredOutcomeSchema.parse(turn.result) };
    case "started-elsewhere":
      return cancelled
        ? { kind: "cancelled" }
        : startedElsewhere(actions, request.tool, turn.startedAt);
    case "act":
      break;
  }
  const outcome = await prepareApproval(context, request).audited(final);
  if (!outcome.forward) {
    const result = notRunResult(outcome, await actions.hasOutputSchema(request.tool, extra));
    await turn.finish({ result } satisfies StoredOutcome);
    return cancelled ? { kind: "cancelled" } : { kind: "done", outcome: { result } };
  }
  let result: CallToolResult;
  try {
    result = await actions.forward({ name: request.tool }, outcome.args, extra);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    const stored: StoredOutcome = {
      error: { code: error.code, message: error.message, data: error.data },
    };
    await turn.finish(stored);
    return { kind: "done", outcome: stored };
  }
  if (result.isError !== true || !extra.mcpReq.signal.aborted)
    await turn.finish({ result } satisfies StoredOutcome);
  return { kind: "done", outcome: { result } };
}
