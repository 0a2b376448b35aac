import { ProtocolError } from "@modelcontextprotocol/client";
import type {
  CallToolRequest,
  CallToolResult,
  Client,
  RequestOptions,
} from "@modelcontextprotocol/client";
import type { ServerContext } from "@modelcontextprotocol/server";
import type { ApprovalVerdict } from "../approval-outcome";
import { upstreamFailureText } from "../approval-text";
import { forwardedMeta } from "../forwarded-meta";
import type { UpstreamConfig } from "../proxy-policy";
import { describeUpstreamFailure, isUpstreamProtocolError } from "../upstream/upstream-connection";
import type { ApprovalContext } from "./await-approval";
import { SDK_TIMEOUT_DISABLED_MS } from "./elicitation-calls";
import type { ForwardedCalls } from "./elicitation-calls";
import { relayProgress } from "./upstream-relay";

type Extra = ServerContext;

/** What sending a decided call upstream needs. */
export interface UpstreamForwardDeps {
  upstream: UpstreamConfig;
  client: Client;
  /** Calls being forwarded, so the upstream's elicitations find theirs and hold its deadline. */
  calls: ForwardedCalls;
  approvals: ApprovalContext;
}

/** A plain text tool result. */
export function textResult(text: string, isError: boolean): CallToolResult {
  return { content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) };
}

/**
 * The params of a forwarded listing, read, prompt or completion, with only the `_meta` keys
 * the upstream may receive (forwarded-meta.ts): never the agent's progressToken, which
 * belongs to the agent's request only, nor a key the person never agreed to pass on.
 */
export function forwardedParams<Params extends { _meta?: Record<string, unknown> | undefined }>(
  params: Params,
  upstream: UpstreamConfig,
): Params {
  if (params._meta === undefined) return params;
  const { _meta: agentMeta, ...rest } = params;
  const meta = forwardedMeta(agentMeta, upstream.forwardMeta);
  return (meta === undefined ? rest : { ...rest, _meta: meta }) as Params;
}

/**
 * The params of a forwarded tools/call: the tool, `args` (the approved ones for a gated
 * call) and only the `_meta` keys the upstream may receive (forwarded-meta.ts).
 */
function forwardedCallParams(
  upstream: UpstreamConfig,
  params: CallToolRequest["params"],
  args: Record<string, unknown>,
): CallToolRequest["params"] {
  const meta = forwardedMeta(params._meta, upstream.forwardMeta);
  return { name: params.name, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) };
}

/** Upstream request options for a request of the agent: its cancellation, our deadline. */
export function upstreamOptions(deps: { upstream: UpstreamConfig }, extra: Extra): RequestOptions {
  return { signal: extra.mcpReq.signal, timeout: deps.upstream.timeoutMs };
}

/** An upstream JSON-RPC error passes through with its code, its message naming the upstream. */
export function upstreamProtocolError(name: string, error: ProtocolError): ProtocolError {
  return new ProtocolError(error.code, `upstream "${name}": ${error.message}`, error.data);
}

/** Sends one tools/call upstream with `args`; aborts on `stop` (the request's by default). */
export type UpstreamForward = (
  params: CallToolRequest["params"],
  args: Record<string, unknown>,
  extra: Extra,
  stop?: AbortSignal,
) => Promise<CallToolResult>;

/**
 * The one way a decided call goes upstream, for tools/call and for an approval task's
 * `tasks/get` alike: registered with the forwarded calls (so the upstream's elicitations find
 * it), its `_meta` cut to the allowed keys, its progress relayed under the caller's token, an upstream JSON-RPC error passed
 * through, any other failure an `isError` result naming the upstream.
 */
export function createUpstreamForward(deps: UpstreamForwardDeps): UpstreamForward {
  const name = deps.approvals.upstream;
  return async (params, args, extra, stop = extra.mcpReq.signal) => {
    const call = deps.calls.begin(extra, deps.upstream.timeoutMs, stop);
    try {
      const progress = relayProgress(extra);
      const result = await deps.client.request(
        { method: "tools/call", params: forwardedCallParams(deps.upstream, params, args) },
        { signal: call.signal, timeout: SDK_TIMEOUT_DISABLED_MS, ...progress.options },
      );
      await progress.drained();
      return result;
    } catch (error) {
      if (isUpstreamProtocolError(error)) throw upstreamProtocolError(name, error);
      return textResult(
        upstreamFailureText(name, params.name, describeUpstreamFailure(error)),
        true,
      );
    } finally {
      call.end();
    }
  };
}

/**
 * The result of a gated call that was not run: its text, `isError` for tools with an
 * outputSchema (clients would otherwise reject a result lacking structuredContent) and for
 * decisions that could not be applied.
 */
export function notRunResult(
  outcome: { verdict: ApprovalVerdict; text: string },
  hasOutputSchema: boolean,
): CallToolResult {
  return textResult(outcome.text, hasOutputSchema || outcome.verdict === "unusable");
}
