import { z } from "zod";
import type { Inquiry } from "@inquiry-hub/protocol";
import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  inputRequired,
  inputResponse,
} from "@modelcontextprotocol/server";
import type {
  CallToolResult,
  InputRequiredResult,
  ServerContext,
} from "@modelcontextprotocol/server";
import type { ApprovalOutcome } from "../approval-outcome";
import { REQUEST_STATE_REFUSALS } from "../request-state";
import type { RequestStates } from "../request-state";
import { openApprovalInquiry, prepareApproval } from "../approval-inquiry";
import type { ApprovalRequest } from "../approval-inquiry";
import type { ApprovalContext } from "./await-approval";

/** The `inputRequests` key of the approval page's URL elicitation. */
export const APPROVAL_INPUT_KEY = "approval";

/**
 * How long a state outlives its inquiry's deadline: a retry arriving just after the deadline
 * still redeems, and is told the call timed out instead of "expired: call again".
 */
const STATE_MARGIN_MS = 5 * 60 * 1000;

/** The one client capability this path needs, read loosely from the request's envelope. */
const UrlElicitationCapabilitySchema = z.object({
  elicitation: z.object({ url: z.looseObject({}) }),
});

/** The raw `requestState` of a retry (no SDK verify hook: request-state.ts opens it). */
const WireStateSchema = z.string().min(1);

/** What the multi-round-trip approval shares across requests: the states and the page. */
export interface RoundTripApprovals {
  states: RequestStates;
  /** Where the person decides one approval; the link grants nothing without their session. */
  approvalUrl(inquiryId: string): string;
  /** How late Extend may move a deadline, from the question's creation (`HUB_EXTEND_MAX_SECONDS`). */
  extendMaxMs: number;
}

/** One gated `tools/call` of a 2026-07-28 request, as the tool-call handler hands it over. */
export interface RoundTripCall {
  context: ApprovalContext;
  request: ApprovalRequest;
  extra: ServerContext;
  /** The `_meta` `forward` sends with the call (forwarded-meta.ts): bound into the state. */
  meta: Record<string, unknown> | undefined;
  /** Sends the decided arguments upstream and returns its result. */
  forward(args: Record<string, unknown>): Promise<CallToolResult>;
  /** The result of a call that was not run (rejected, timed out, withdrawn). */
  notRun(outcome: Extract<ApprovalOutcome, { forward: false }>): CallToolResult;
}

/** Whether this request declared URL-mode elicitation in its per-request client capabilities. */
export function acceptsUrlElicitation(extra: ServerContext): boolean {
  const envelope: Record<string, unknown> = { ...extra.mcpReq.envelope };
  return UrlElicitationCapabilitySchema.safeParse(envelope[CLIENT_CAPABILITIES_META_KEY]).success;
}

/** The `requestState` a retry carries, if any. */
function wireStateOf(extra: ServerContext): string | undefined {
  const parsed = WireStateSchema.safeParse(extra.mcpReq.requestState());
  return parsed.success ? parsed.data : undefined;
}

/** Whether this call takes the multi-round-trip path: it is a retry, or it can follow a URL. */
export function takesRoundTrip(extra: ServerContext): boolean {
  return wireStateOf(extra) !== undefined || acceptsUrlElicitation(extra);
}

function approvalMessage(call: RoundTripCall): string {
  return `The call to ${call.request.tool} on "${call.context.upstream}" waits for your approval. Open Inquiry Hub (signed in), approve, edit or reject it there, then come back.`;
}

/**
 * A gated call of a 2026-07-28 client, decided over several requests instead of one held
 * open, so any hub node serves any round. The first round opens the APPROVAL inquiry
 * exactly as the blocking path does (every device gets it, same text and policy) and answers
 * `input_required`: a URL elicitation of the approval page plus a sealed, single-use
 * `requestState` naming the inquiry, bound to the caller and to this upstream, tool,
 * arguments and forwarded `_meta`, valid until past the inquiry's deadline. A retry redeems
 * its state first: a refused one is an InvalidParams error naming the refusal, and nothing
 * changes. Then the
 * inquiry's record decides: still pending means another round with a fresh state (or, if
 * the person declined the elicitation, the approval is withdrawn); final means the approved
 * arguments or the person's validated edit as the record holds them are forwarded, or the
 * blocking path's not-run text is returned. The decision's audit entry is written by the
 * one round that acts on it (a state is redeemed once).
 */
export async function runRoundTripApproval(
  approvals: RoundTripApprovals,
  call: RoundTripCall,
): Promise<CallToolResult | InputRequiredResult> {
  const { context, request, extra } = call;
  const principal = { userId: context.userId, credentialId: context.agentDeviceId };
  const gated = {
    upstream: context.upstream,
    tool: request.tool,
    arguments: request.args,
    meta: call.meta,
  };

  const askAgain = (inquiry: Inquiry): InputRequiredResult => {
    // A state outlives the latest deadline an Extend can reach, so a person who took more
    // time still finds the client's retry honoured.
    const latestDeadline = Math.max(
      Date.parse(inquiry.expiresAt),
      Date.parse(inquiry.createdAt) + approvals.extendMaxMs,
    );
    const ttlMs = Math.max(0, latestDeadline - Date.now()) + STATE_MARGIN_MS;
    return inputRequired({
      inputRequests: {
        [APPROVAL_INPUT_KEY]: inputRequired.elicitUrl({
          message: approvalMessage(call),
          url: approvals.approvalUrl(inquiry.id),
        }),
      },
      requestState: approvals.states.issue(inquiry.id, principal, gated, ttlMs),
    });
  };
  const settle = async (final: Inquiry, asked: ApprovalRequest): Promise<CallToolResult> => {
    const outcome = await prepareApproval(context, asked).audited(final);
    return outcome.forward ? call.forward(outcome.args) : call.notRun(outcome);
  };

  const wire = wireStateOf(extra);
  if (wire === undefined) {
    const { input } = prepareApproval(context, request);
    const inquiry = await openApprovalInquiry(context, request, input);
    return inquiry.status === "pending" ? askAgain(inquiry) : settle(inquiry, request);
  }

  const redeemed = await approvals.states.redeem(wire, principal, gated);
  if (redeemed.kind === "refused")
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `requestState refused (${redeemed.refusal}): ${REQUEST_STATE_REFUSALS[redeemed.refusal]}. Nothing was run.`,
    );
  let inquiry = await context.inquiries.get(context.userId, redeemed.state.inquiryId);
  const asked = inquiry.approval?.arguments;
  if (asked === undefined)
    throw new ProtocolError(ProtocolErrorCode.InternalError, "the approval record is missing");
  if (inquiry.status === "pending") {
    const response = inputResponse(extra.mcpReq.inputResponses, APPROVAL_INPUT_KEY);
    if (response.kind !== "elicit" || response.action === "accept") return askAgain(inquiry);
    inquiry = await context.inquiries.cancel(inquiry.id);
  }
  return settle(inquiry, { ...request, args: asked });
}
