import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type {
  RequestHandlerExtra,
  RequestOptions,
} from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CallToolResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type {
  CallToolRequest,
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { caseVariantOf, decideGate, policyFor } from "../../core/approvals/approval-policy";
import { upstreamFailureText } from "../../core/approvals/approval-text";
import type { ApprovalVerdict } from "../../core/approvals/approval-outcome";
import { splitCallEnding } from "../mcp/call-ending";
import { readIdempotencyKey } from "../mcp/idempotency-key";
import { toolErrorResult } from "../mcp/tool-error-result";
import { awaitApproval } from "./await-approval";
import { runKeyedGatedCall } from "./keyed-gated-call";
import type { ApprovalContext } from "./await-approval";
import { SDK_TIMEOUT_DISABLED_MS } from "./elicitation-calls";
import type { ForwardedCalls } from "./elicitation-calls";
import type { UpstreamConfig } from "../../core/approvals/proxy-policy";
import type { ToolCatalog } from "../../infra/mcp-upstream/tool-catalog";
import {
  describeUpstreamFailure,
  isUpstreamProtocolError,
} from "../../infra/mcp-upstream/upstream-connection";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

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
}

function textResult(text: string, isError: boolean): CallToolResult {
  return { content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) };
}

/** The agent's `_meta` minus its progressToken, which belongs to the agent's request only. */
export function forwardedParams<Params extends { _meta?: object | undefined }>(
  params: Params,
): Params {
  if (params._meta === undefined || !("progressToken" in params._meta)) return params;
  const meta = Object.fromEntries(
    Object.entries(params._meta).filter(([key]) => key !== "progressToken"),
  );
  return { ...params, _meta: meta };
}

/** Upstream request options for a request of the agent: its cancellation, our deadline. */
export function upstreamOptions(deps: { upstream: UpstreamConfig }, extra: Extra): RequestOptions {
  return { signal: extra.signal, timeout: deps.upstream.timeoutMs };
}

/** An upstream JSON-RPC error passes through with its code, its message naming the upstream. */
export function upstreamProtocolError(name: string, error: McpError): McpError {
  return new McpError(error.code, `upstream "${name}": ${error.message}`, error.data);
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
 * Handles `tools/call` of a proxy session: a tool the upstream does not list (exactly) is
 * refused before any policy applies; ungated, allow-listed and untriggered calls go
 * straight upstream; gated ones whose arguments fit the tool's inputSchema wait for a person
 * (a misfit is refused at once). Exactly the approved (or edited)
 * arguments are forwarded and the upstream's result returns untouched. A call that did not
 * run (rejected, timed out, withdrawn) is a plain text result the model can read; it is
 * `isError` only for tools with an outputSchema, whose results clients would otherwise reject
 * for lacking structuredContent. An unreachable or failing upstream is an `isError` result
 * naming the upstream; an upstream's own JSON-RPC error passes through as McpError.
 */
export function createToolCallHandler(
  deps: ToolCallDeps,
): (request: CallToolRequest, extra: Extra) => Promise<CallToolResult> {
  const name = deps.approvals.upstream;

  async function forward(
    params: CallToolRequest["params"],
    args: Record<string, unknown>,
    extra: Extra,
    stop: AbortSignal = extra.signal,
  ): Promise<CallToolResult> {
    const call = deps.calls.begin(extra, deps.upstream.timeoutMs, stop);
    try {
      return await deps.client.request(
        { method: "tools/call", params: { ...forwardedParams(params), arguments: args } },
        CallToolResultSchema,
        { signal: call.signal, timeout: SDK_TIMEOUT_DISABLED_MS },
      );
    } catch (error) {
      if (isUpstreamProtocolError(error)) throw upstreamProtocolError(name, error);
      return textResult(
        upstreamFailureText(name, params.name, describeUpstreamFailure(error)),
        true,
      );
    } finally {
      call.end();
    }
  }

  return async (request, extra) => {
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

    const decision = decideGate(policyFor(deps.upstream, params.name), args);
    if (!decision.ask) return forward(params, args, extra);

    const misfit = deps.approvals.validateArguments(tool.inputSchema, args);
    if (misfit !== undefined) return textResult(misfitText(name, params.name, misfit), true);

    const stop = AbortSignal.any([extra.signal, deps.upstreamGone]);
    const gated = {
      tool: params.name,
      inputSchema: tool.inputSchema,
      args,
      policy: decision.policy,
    };
    const notRun = (outcome: { verdict: ApprovalVerdict; text: string }): CallToolResult =>
      textResult(outcome.text, tool.outputSchema !== undefined || outcome.verdict === "unusable");
    let key;
    try {
      key = readIdempotencyKey(params._meta);
    } catch (error) {
      return toolErrorResult(error);
    }
    if (key !== undefined) {
      const ending = splitCallEnding(stop, deps.sessionGone);
      return runKeyedGatedCall({
        approvals: deps.approvals,
        request: gated,
        extra,
        key,
        ending,
        forwardWaitMs: deps.upstream.timeoutMs,
        forward: (approved) => forward(params, approved, extra, ending.cancelled),
        notRun,
      });
    }
    const outcome = await awaitApproval(deps.approvals, gated, extra, stop);
    if (deps.upstreamGone.aborted)
      return textResult(upstreamFailureText(name, params.name, "the connection closed"), true);
    if (!outcome.forward) return notRun(outcome);
    return forward(params, outcome.args, extra);
  };
}
