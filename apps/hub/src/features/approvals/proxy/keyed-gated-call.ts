import { z } from "zod";
import { CallToolResultSchema } from "@modelcontextprotocol/core";
import { ProtocolError } from "@modelcontextprotocol/server";
import type { CallToolResult, ServerContext } from "@modelcontextprotocol/server";
import type { ApprovalOutcome } from "../approval-outcome";
import { unknownOutcomeText } from "../approval-text";
import type { CallEnding } from "../../../platform/mcp/call-ending";
import { confirmDelivery } from "../../inquiries/mcp/delivery-window";
import type { LateCancels } from "../../../platform/mcp/late-cancels";
import { toolErrorResult } from "../../../platform/mcp/tool-error-result";
import { HubError } from "../../../kernel/errors";
import type { IdempotencyScope } from "../../inquiries/ports";
import type { ApprovalRequest } from "../approval-inquiry";
import { awaitKeyedApproval } from "../mcp/keyed-approval";
import type { KeyedApproval } from "../mcp/keyed-approval";
import type { ForwardTurn } from "../forward-once";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { ApprovalContext } from "./await-approval";

type Extra = ServerContext;

/** How often a call under its repeat key starts over after its kept result went elsewhere. */
const MAX_ROUNDS = 3;

/**
 * What a keyed call's turn leaves beside its key for every repeat: the tool result it
 * returned, or the upstream's JSON-RPC error it passed through.
 */
export const StoredOutcomeSchema = z.union([
  z.object({ result: CallToolResultSchema }),
  z.object({
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown() }),
  }),
]);
export type StoredOutcome = z.infer<typeof StoredOutcomeSchema>;

/** What a keyed gated call needs from its tools/call handler. */
export interface KeyedGatedCall {
  approvals: ApprovalContext;
  request: ApprovalRequest;
  extra: Extra;
  key: string;
  /**
   * Whether `key` is the call's repeat key (no idempotency key came): its outcome is then
   * delivered exactly once (to a caller that did not give up on it) and the key freed, so the
   * same call afterwards asks anew.
   */
  repeat: boolean;
  ending: CallEnding;
  /** The session's cancels, heard even after the call was answered; absent without a session. */
  cancels?: LateCancels | undefined;
  /** How long a repeat waits for a forward another call is running (the upstream's deadline). */
  forwardWaitMs: number;
  /** Sends the approved arguments upstream; aborts only on `ending.withdrawn` or its deadline. */
  forward(args: Record<string, unknown>): Promise<CallToolResult>;
  /** The result of a call that was not run (rejected, timed out, withdrawn, refused). */
  notRun(outcome: Extract<ApprovalOutcome, { forward: false }>): CallToolResult;
  /** The result of a call that stopped waiting while its approval stays open. */
  waiting(inquiry: Inquiry): CallToolResult;
}

/**
 * The key a gated call is indexed under: scoped to the upstream, so the same agent key on
 * `/mcp` or on another upstream can never land on this upstream's approval.
 */
export function proxyIdempotencyKey(upstream: string, key: string): string {
  return `proxy:${upstream}:${key}`;
}

/**
 * The stored result again, or the stored error thrown again. The error is rebuilt with its
 * code and its message as sent the first time (McpError's constructor would prefix it twice).
 */
export function replay(stored: StoredOutcome): CallToolResult {
  if ("result" in stored) return stored.result;
  throw Object.assign(new Error(stored.error.message), {
    code: stored.error.code,
    data: stored.error.data,
  });
}

/**
 * A gated call under its key (the caller's idempotency key, or its repeat key): the approval
 * is held through awaitKeyedApproval (a call that stops waiting gets `waiting`),
 * then exactly one call takes the turn to act on the decision (ForwardOnce): it writes the
 * audit entry, forwards an approved call, and leaves its result beside the key, so a repeat
 * gets that result instead of running the tool twice. A repeat that finds the turn taken and
 * never finished (the hub died mid-forward, or the session closed under it) answers that the
 * outcome is unknown; a refusal needs no turn to be told again. A forward whose session
 * closed under it is not recorded when it failed: the failure may be the closing itself.
 * Under a repeat key the result is delivered exactly once (repeatedCall), after which the
 * same call asks the person anew.
 */
export async function runKeyedGatedCall(call: KeyedGatedCall, round = 1): Promise<CallToolResult> {
  const { approvals, request } = call;
  const indexKey = proxyIdempotencyKey(approvals.upstream, call.key);
  const approval = await awaitKeyedApproval(approvals, request, call.extra, {
    key: call.key,
    indexKey,
    ending: call.ending,
  });
  if (approval.kind === "refused") {
    if (approval.outcome.forward) throw new Error("a refused approval cannot be forwarded");
    return call.notRun(approval.outcome);
  }
  if (approval.kind === "waiting") return call.waiting(approval.inquiry);
  const { outcome } = approval;
  const scope = { userId: approvals.userId, credentialId: approvals.agentDeviceId };
  const turn = await approvals.forwardOnce.takeTurn(
    scope,
    indexKey,
    approval.inquiry.id,
    outcome.forward ? call.forwardWaitMs : 0,
  );
  if (call.repeat && turn.kind !== "started-elsewhere")
    return repeatedCall(call, approval, turn, { scope, indexKey, round });
  switch (turn.kind) {
    case "finished":
      return replay(StoredOutcomeSchema.parse(turn.result));
    case "started-elsewhere":
      if (!outcome.forward) return call.notRun(outcome);
      return {
        content: [{ type: "text", text: unknownOutcomeText(approvals.upstream, request.tool) }],
        isError: true,
      };
    case "act":
      return actOnTurn(call, approval, turn);
  }
}

/** Where a call under its repeat key stands: the key, and how often it started over. */
interface RepeatKeyed {
  scope: IdempotencyScope;
  indexKey: string;
  round: number;
}

/**
 * A call under its repeat key, once the decision is acted on. The acting call's result stays
 * kept beside the key while it is in delivery (delivery-window.ts): if the call's client gave
 * up on it as it went out (its timeout's cancel arrives just after), the retry gets that
 * result, replayed and never run again; once it arrived, the key is freed. A call that finds
 * a kept result takes it the same way, or, once it went to another call, starts over and
 * asks anew. A withdrawn call's result is nobody's to keep: its key is freed at once, as is
 * the key of a forward that left no result.
 */
async function repeatedCall(
  call: KeyedGatedCall,
  approval: Extract<KeyedApproval, { kind: "decided" }>,
  turn: Exclude<ForwardTurn, { kind: "started-elsewhere" }>,
  where: RepeatKeyed,
): Promise<CallToolResult> {
  const { approvals } = call;
  const { scope, indexKey } = where;
  const inquiryId = approval.inquiry.id;
  if (turn.kind === "finished") {
    const delivery = await approvals.idempotent.takeKept(scope, indexKey, inquiryId);
    if (delivery === undefined) {
      if (where.round < MAX_ROUNDS) return runKeyedGatedCall(call, where.round + 1);
      return toolErrorResult(
        new HubError("UNAVAILABLE", "the same call is being made by a racing call"),
      );
    }
    confirmDelivery(delivery, call.extra, call.cancels, approvals.logger);
    return replay(StoredOutcomeSchema.parse(turn.result));
  }
  let recorded = false;
  const recording: Extract<ForwardTurn, { kind: "act" }> = {
    kind: "act",
    async finish(result) {
      await turn.finish(result);
      recorded = true;
    },
  };
  try {
    return await actOnTurn(call, approval, recording);
  } finally {
    if (!recorded || call.ending.withdrawn.aborted)
      await approvals.idempotent.forget(scope, indexKey, inquiryId);
    else {
      const delivery = await approvals.idempotent.beginDelivery(scope, indexKey, inquiryId);
      if (delivery !== undefined)
        confirmDelivery(delivery, call.extra, call.cancels, approvals.logger);
    }
  }
}

/** The call that took the turn: audits the decision, forwards an approved call, keeps the result. */
async function actOnTurn(
  call: KeyedGatedCall,
  approval: Extract<KeyedApproval, { kind: "decided" }>,
  turn: Extract<ForwardTurn, { kind: "act" }>,
): Promise<CallToolResult> {
  const { outcome } = approval;
  await approval.audit();
  if (!outcome.forward) {
    const result = call.notRun(outcome);
    await turn.finish({ result } satisfies StoredOutcome);
    return result;
  }
  let result: CallToolResult;
  try {
    result = await call.forward(outcome.args);
  } catch (error) {
    if (error instanceof ProtocolError)
      await turn.finish({
        error: { code: error.code, message: error.message, data: error.data },
      } satisfies StoredOutcome);
    throw error;
  }
  if (result.isError !== true || !call.ending.gone.aborted)
    await turn.finish({ result } satisfies StoredOutcome);
  return result;
}
