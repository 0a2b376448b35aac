import { isDeepStrictEqual } from "node:util";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { ServerContext } from "@modelcontextprotocol/server";
import type { ApprovalOutcome } from "../../core/approvals/approval-outcome";
import { approvalOutcome } from "../../core/approvals/approval-outcome";
import { reusedKeyText } from "../../core/approvals/approval-text";
import { routeOrRefuse } from "../../core/approvals/team-approval";
import { awaitResolution } from "../mcp/await-resolution";
import type { CallEnding } from "../mcp/call-ending";
import { prepareApproval, resolveAsDelegated, yoloApproves } from "./await-approval";
import type { ApprovalContext, ApprovalRequest } from "./await-approval";

/** A keyed gated call's approval, decided; `audit` is for the one call that acts on it. */
export type KeyedApproval =
  | { kind: "refused"; outcome: ApprovalOutcome }
  | { kind: "decided"; inquiry: Inquiry; outcome: ApprovalOutcome; audit(): Promise<void> };

/**
 * The key a gated call is indexed under: scoped to the upstream, so the same agent key on
 * `/mcp` or on another upstream can never land on this upstream's approval.
 */
export function proxyIdempotencyKey(upstream: string, key: string): string {
  return `proxy:${upstream}:${key}`;
}

/** Whether the approval a key names is for this very call (same tool, same arguments). */
function isSameCall(inquiry: Inquiry, context: ApprovalContext, request: ApprovalRequest): boolean {
  const approval = inquiry.approval;
  return (
    approval?.upstream === context.upstream &&
    approval.tool === request.tool &&
    isDeepStrictEqual(approval.arguments, request.args)
  );
}

/**
 * Holds a keyed gated call on its approval, as awaitApproval does for an unkeyed one, with
 * send_inquiry's idempotency: the first call with the user's key opens the approval (through
 * the one createOnce path), a repeat holds on the same pending one or gets the final one at
 * once. Only `ending.cancelled` (Stop) withdraws it; `ending.gone` (the session died) stops
 * holding and leaves it pending for the retry. A key that names another tool or other
 * arguments is refused. The audit entry is left to the caller, so repeats write none.
 */
export async function awaitKeyedApproval(
  context: ApprovalContext,
  request: ApprovalRequest,
  extra: ServerContext,
  holding: { key: string; ending: CallEnding },
): Promise<KeyedApproval> {
  const { input, call, audited } = prepareApproval(context, request);
  const { policy, tool } = request;
  const routed =
    policy.team === undefined
      ? undefined
      : await routeOrRefuse(context.teams, policy.team, context.userId, tool);
  if (routed !== undefined && "refused" in routed)
    return { kind: "refused", outcome: routed.refused };
  const yolo = await yoloApproves(context, request, routed);
  const { inquiry, created } = await context.idempotent.createOnce(
    context.userId,
    proxyIdempotencyKey(context.upstream, holding.key),
    {
      ...input,
      ...routed,
      askedByCredentialId: context.agentDeviceId,
      ...(yolo ? { announce: false } : {}),
    },
  );
  if (!isSameCall(inquiry, context, request))
    return {
      kind: "refused",
      outcome: {
        verdict: "unusable",
        forward: false,
        text: reusedKeyText(holding.key, tool),
      },
    };
  const final = await decide(context, inquiry, {
    extra,
    ending: holding.ending,
    delegate: yolo && created,
  });
  return {
    kind: "decided",
    inquiry: final,
    outcome: approvalOutcome(final, call),
    audit: async () => {
      await audited(final);
    },
  };
}

/** The final approval: as stored, resolved at once (YOLO), or once somebody decides. */
async function decide(
  context: ApprovalContext,
  inquiry: Inquiry,
  how: {
    extra: ServerContext;
    ending: CallEnding;
    delegate: boolean;
  },
): Promise<Inquiry> {
  if (inquiry.status !== "pending") return inquiry;
  if (how.delegate) return resolveAsDelegated(context.inquiries, inquiry);
  const stopEscalating =
    inquiry.sharedApproval === undefined ? undefined : context.teams?.followEscalations(inquiry);
  try {
    return await awaitResolution(context, inquiry, {
      extra: how.extra,
      stop: how.ending.cancelled,
      release: how.ending.gone,
    });
  } finally {
    stopEscalating?.();
  }
}
