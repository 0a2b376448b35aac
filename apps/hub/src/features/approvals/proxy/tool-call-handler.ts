import type { CallToolRequest, CallToolResult, Client } from "@modelcontextprotocol/client";
import { caseVariantOf, decideGate, policyFor } from "../approval-policy";
import { upstreamFailureText } from "../approval-text";
import { forwardedMeta } from "../forwarded-meta";
import { changedDefinitionPolicy, changedDefinitionText, checkDefinitions } from "../tool-pinning";
import type { ApprovalVerdict } from "../approval-outcome";
import { waitingResultText } from "@inquiry-hub/protocol";
import type { Implementation } from "@modelcontextprotocol/server";
import { callEnding } from "../../../platform/mcp/call-ending";
import type { LateCancels } from "../../../platform/mcp/late-cancels";
import { holdBudget } from "../../../platform/mcp/hold-budget";
import { repeatKey } from "../../inquiries/repeat-key";
import { readIdempotencyKey } from "../../../platform/mcp/idempotency-key";
import { toolErrorResult } from "../../../platform/mcp/tool-error-result";
import { HubError } from "../../../kernel/errors";
import { callTraceCarriers } from "../../inquiries/mcp/call-trace-context";
import { NO_INQUIRY_TRACING } from "../../inquiries/inquiry-tracing";
import type { TraceCarrier } from "../../inquiries/inquiry-tracing";
import { runKeyedGatedCall } from "./keyed-gated-call";
import type { ApprovalContext } from "./await-approval";
import type { ForwardedCalls } from "./elicitation-calls";
import type { UpstreamConfig } from "../proxy-policy";
import type { ToolCatalog } from "../upstream/tool-catalog";
import { describeUpstreamFailure, isUpstreamProtocolError } from "../upstream/upstream-connection";
import type { InputRequiredResult, ServerContext } from "@modelcontextprotocol/server";
import { runRoundTripApproval, takesRoundTrip } from "./round-trip-approval";
import type { RoundTripApprovals } from "./round-trip-approval";
import type { ApprovalTaskStarter } from "./tasks/approval-task-starter";

import {
  createUpstreamForward,
  notRunResult,
  textResult,
  upstreamOptions,
  upstreamProtocolError,
} from "./upstream-forward";

/** What a proxy session's tools/call needs. */
export interface ToolCallDeps {
  upstream: UpstreamConfig;
  client: Client;
  catalog: ToolCatalog;
  approvals: ApprovalContext;
  /** Aborts when the upstream connection closed: waiting approvals are withdrawn. */
  upstreamGone: AbortSignal;
  /** Calls being forwarded, so the upstream's elicitations find theirs and hold its deadline. */
  calls: ForwardedCalls;
  /** Aborts when the proxy session closes (see call-ending.ts). */
  sessionGone: AbortSignal;
  /** The session's cancels, heard even after a call was answered; absent without a session. */
  cancels?: LateCancels | undefined;
  /** 2026-07-28 requests only: gated calls decided over rounds (round-trip-approval.ts). */
  roundTrip?: RoundTripApprovals | undefined;
  /** 2026-07-28 requests only: gated calls run as approval tasks (tasks/approval-task-starter.ts). */
  tasks?: ApprovalTaskStarter | undefined;
  /** The client behind a call (client-identity.ts), for its hold budget. */
  callingClient(extra: ServerContext): Implementation | undefined;
}

/**
 * Why a call naming a tool the upstream does not list is refused. Names match exactly: an
 * upstream that resolved `Execute_SQL` to `execute_sql` itself would otherwise run a call
 * whose policy lookup (exact, so the unlisted default) never saw the gated name.
 */
function unknownToolText(upstream: string, tool: string, catalog: ToolCatalog): string {
  const variant = caseVariantOf(tool, catalog.names());
  const hint =
    variant === undefined ? "" : ` Tool names are case-sensitive: did you mean "${variant}"?`;
  return `The upstream MCP server "${upstream}" has no tool named "${tool}"; nothing was run.${hint}`;
}

/**
 * Why a gated call whose arguments do not fit the tool's inputSchema is refused before anyone
 * is asked: the upstream would refuse it anyway, and a person should never be asked to approve
 * a call that cannot run as shown.
 */
function misfitText(upstream: string, tool: string, problem: string): string {
  return `The arguments do not fit the input schema of "${tool}" on "${upstream}": ${problem}. Nothing was asked or run; fix the arguments and call again.`;
}

/**
 * A refusal by a cap (pending inquiries, creation rate, held calls; per user or per
 * credential): the agent gets it as a tool result naming the cap, like send_inquiry's, and
 * nothing was asked or run.
 */
function isOverCap(error: unknown): error is HubError {
  return error instanceof HubError && error.code === "RATE_LIMITED";
}

/**
 * Handles `tools/call` of a proxy session: a tool the upstream does not list (exactly) is
 * refused before any policy applies; ungated, allow-listed and untriggered calls go
 * straight upstream; gated ones whose arguments fit the tool's inputSchema wait for a person
 * (a misfit is refused at once). Exactly the approved (or edited)
 * arguments are forwarded and the upstream's result returns untouched. A call that did not
 * run (rejected, timed out, withdrawn) is a plain text result the model can read; it is
 * `isError` only for tools with an outputSchema, whose results clients would otherwise reject
 * for lacking structuredContent. An unreachable or failing upstream is an `isError` result
 * naming the upstream; an upstream's own JSON-RPC error passes through as McpError.
 * How a gated call waits, for a personal (not team) approval: a 2026-07-28 request that
 * declared Tasks and gave no idempotency key gets an approval task (a keyed call keeps the
 * key's at-most-once path, which a task id would bypass); one that can follow a URL (or
 * retries) takes the round trip; everything else blocks with heartbeats.
 * Each call is a server span (`approvals.tracing`) joined to the caller's trace; a gated
 * call's APPROVAL inquiry keeps its context, so fan-out and answer spans join it too.
 */
export function createToolCallHandler(
  deps: ToolCallDeps,
): (
  request: CallToolRequest,
  extra: ServerContext,
) => Promise<CallToolResult | InputRequiredResult> {
  const name = deps.approvals.upstream;
  const forward = createUpstreamForward(deps);

  const tracing = deps.approvals.tracing ?? NO_INQUIRY_TRACING;
  return async (request, extra) => {
    const traced = tracing.startToolCall(request.params.name, callTraceCarriers(extra));
    try {
      const result = await handle(request, extra, traced.carrier);
      traced.end();
      return result;
    } catch (error) {
      traced.end({ error });
      if (isOverCap(error)) return toolErrorResult(error);
      throw error;
    }
  };

  async function handle(
    request: CallToolRequest,
    extra: ServerContext,
    traceContext: TraceCarrier | undefined,
  ): Promise<CallToolResult | InputRequiredResult> {
    const { params } = request;
    const args = params.arguments ?? {};

    let tool;
    try {
      tool = await deps.catalog.find(params.name, upstreamOptions(deps, extra));
    } catch (error) {
      if (isUpstreamProtocolError(error)) throw upstreamProtocolError(name, error);
      return textResult(
        upstreamFailureText(name, params.name, describeUpstreamFailure(error)),
        true,
      );
    }
    if (tool === undefined)
      return textResult(unknownToolText(name, params.name, deps.catalog), true);

    const scope = { userId: deps.approvals.userId, upstream: name };
    const pin = (await checkDefinitions(deps.approvals.toolPins, scope, [tool])).get(tool.name);
    const changed = pin?.changed === true;
    const policy = policyFor(deps.upstream, params.name);
    const decision = changed
      ? { ask: true as const, policy: changedDefinitionPolicy(policy) }
      : decideGate(policy, args);
    if (!decision.ask) return forward(params, args, extra);
    // Approving a call to a changed tool accepts the definition its card showed.
    const forwardApproved: typeof forward =
      pin === undefined || !changed
        ? forward
        : async (...call) => {
            await deps.approvals.toolPins.accept(scope, tool.name, pin.digest);
            return forward(...call);
          };

    const misfit = deps.approvals.validateArguments(tool.inputSchema, args);
    if (misfit !== undefined) return textResult(misfitText(name, params.name, misfit), true);

    const gated = {
      tool: params.name,
      inputSchema: tool.inputSchema,
      args,
      policy: decision.policy,
      ...(changed ? { description: changedDefinitionText(name, tool) } : {}),
      ...(traceContext === undefined ? {} : { traceContext }),
    };
    const notRun = (outcome: { verdict: ApprovalVerdict; text: string }): CallToolResult =>
      notRunResult(outcome, tool.outputSchema !== undefined);
    let key;
    try {
      key = readIdempotencyKey(params._meta);
    } catch (error) {
      return toolErrorResult(error);
    }
    const personal = gated.policy.team === undefined;
    // An approval task forwards from a later request, where accepting the pin has no hook.
    if (deps.tasks?.accepts(extra) === true && personal && key === undefined && !changed)
      return deps.tasks.start(gated, extra);
    if (deps.roundTrip !== undefined && personal && takesRoundTrip(extra))
      return runRoundTripApproval(deps.roundTrip, {
        context: deps.approvals,
        request: gated,
        extra,
        notRun,
        meta: forwardedMeta(params._meta, deps.upstream.forwardMeta),
        forward: (approved) => forwardApproved(params, approved, extra),
      });
    // The call is held open until the person decides, or its hold budget runs out: it takes a
    // held slot. Without an idempotency key it is indexed under its repeat key, so the repeat
    // a model makes after its client timed out picks up the same card.
    const owner = { userId: deps.approvals.userId, credentialId: deps.approvals.agentDeviceId };
    const ending = callEnding({
      callSignal: extra.mcpReq.signal,
      carrierGone: deps.sessionGone,
      budgetMs: holdBudget(
        deps.callingClient(extra),
        deps.approvals.hold,
        deps.approvals.defaultHoldMs,
      ),
      withdrawWith: deps.upstreamGone,
    });
    return deps.approvals.heldCalls
      .hold(owner, () =>
        runKeyedGatedCall({
          approvals: deps.approvals,
          request: gated,
          extra,
          key: key ?? repeatKey(params.name, args),
          repeat: key === undefined,
          ending,
          cancels: deps.cancels,
          forwardWaitMs: deps.upstream.timeoutMs,
          forward: (approved) => forwardApproved(params, approved, extra, ending.withdrawn),
          notRun,
          waiting: (inquiry) =>
            textResult(waitingResultText(inquiry, params.name), tool.outputSchema !== undefined),
        }),
      )
      .finally(ending.finish);
  }
}
