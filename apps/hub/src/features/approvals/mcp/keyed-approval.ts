import { isDeepStrictEqual } from "node:util";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { ServerContext } from "@modelcontextprotocol/server";
import { prepareApproval, screenApproval } from "../approval-inquiry";
import type { ApprovalAsking, ApprovalRequest } from "../approval-inquiry";
import type { ApprovalOutcome } from "../approval-outcome";
import { resolveByStanding } from "../approval-screening";
import type { Standing } from "../approval-screening";
import { approvalOutcome } from "../approval-outcome";
import { reusedKeyText } from "../approval-text";
import { routeOrRefuse } from "../team-approval";
import type { IdempotentInquiries } from "../../inquiries/idempotent-inquiries";
import { awaitResolution } from "../../inquiries/mcp/await-resolution";
import type { HoldingContext } from "../../inquiries/mcp/await-resolution";
import type { CallEnding } from "../../../platform/mcp/call-ending";

/** What holding a keyed call on its approval needs: who asks, how calls are held, the keys. */
export interface KeyedApprovalContext extends ApprovalAsking, HoldingContext {
  /** Keyed calls: one approval per user and idempotency key. */
  idempotent: IdempotentInquiries;
}

/** A keyed call's approval, decided; `audit` is for the one call that acts on it. */
export type KeyedApproval =
  | { kind: "refused"; outcome: ApprovalOutcome }
  /** The call stopped waiting (ending.detached); the approval stays open for a repeat. */
  | { kind: "waiting"; inquiry: Inquiry }
  | { kind: "decided"; inquiry: Inquiry; outcome: ApprovalOutcome; audit(): Promise<void> };

/** How a keyed call holds: the caller's key, the key it is indexed under, why it may end. */
export interface KeyedHolding {
  /** The idempotency key as the caller sent it, for messages. */
  key: string;
  /**
   * The key in the user's idempotency index, scoped by the caller's path (the proxy's
   * upstream, `request_approval`), so a key of one path never lands on another's approval.
   */
  indexKey: string;
  ending: CallEnding;
}

/** Whether the approval a key names is for this very call (same source, tool, arguments). */
function isSameCall(inquiry: Inquiry, context: ApprovalAsking, request: ApprovalRequest): boolean {
  const approval = inquiry.approval;
  return (
    approval?.upstream === context.upstream &&
    approval.tool === request.tool &&
    isDeepStrictEqual(approval.arguments, request.args)
  );
}

/**
 * Holds a keyed call on its approval, with send_inquiry's idempotency: the first call with
 * the user's key opens the approval (through the one createOnce path), a repeat holds on
 * the same pending one or gets the final one at once. Only `ending.withdrawn` withdraws it;
 * `ending.detached` (a client's timeout, the session gone, the hold budget spent) stops holding
 * and returns it still pending, for the caller to say so and for the retry to pick up. A key that names another source, tool or other arguments is refused. The audit
 * entry is left to the caller, so repeats write none. Serves the proxy's keyed gated calls
 * and keyed `request_approval` calls alike.
 */
export async function awaitKeyedApproval(
  context: KeyedApprovalContext,
  request: ApprovalRequest,
  extra: ServerContext,
  holding: KeyedHolding,
): Promise<KeyedApproval> {
  const { input, call, audited } = prepareApproval(context, request);
  const { policy, tool } = request;
  const routed =
    policy.team === undefined
      ? undefined
      : await routeOrRefuse(context.teams, policy.team, context.userId, tool);
  if (routed !== undefined && "refused" in routed)
    return { kind: "refused", outcome: routed.refused };
  const screened = await screenApproval(context, request, input, routed);
  const { inquiry, created } = await context.idempotent.createOnce(
    { userId: context.userId, credentialId: context.agentDeviceId },
    holding.indexKey,
    {
      ...screened.input,
      ...routed,
      askedByCredentialId: context.agentDeviceId,
      ...(screened.standing === undefined ? {} : { announce: false }),
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
    standing: created ? screened.standing : undefined,
  });
  if (final.status === "pending") return { kind: "waiting", inquiry: final };
  return {
    kind: "decided",
    inquiry: final,
    outcome: approvalOutcome(final, call),
    audit: async () => {
      await audited(final);
    },
  };
}

/** The final approval: as stored, resolved at once (YOLO, a rule), or once somebody decides. */
async function decide(
  context: KeyedApprovalContext,
  inquiry: Inquiry,
  how: {
    extra: ServerContext;
    ending: CallEnding;
    /** Who stands in for the person, for the call that created the approval. */
    standing: Standing;
  },
): Promise<Inquiry> {
  if (inquiry.status !== "pending") return inquiry;
  if (how.standing !== undefined)
    return resolveByStanding(
      context.inquiries,
      context.screening.personRules,
      inquiry,
      how.standing,
    );
  const stopEscalating =
    inquiry.sharedApproval === undefined ? undefined : context.teams?.followEscalations(inquiry);
  try {
    return await awaitResolution(context, inquiry, {
      extra: how.extra,
      withdraw: how.ending.withdrawn,
      detach: how.ending.detached,
    });
  } finally {
    stopEscalating?.();
  }
}
