import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { ServerContext } from "@modelcontextprotocol/server";
import { upstreamFailureText } from "../approval-text";
import type { ApprovalRules } from "../approval-inquiry";
import type { UpstreamConfig } from "../proxy-policy";
import { surfaceAction, surfaceDescription } from "../surface-gate";
import type { GatedSurfaceMethod } from "../surface-gate";
import { awaitApproval } from "./await-approval";
import type { ApprovalContext } from "./await-approval";

/** A read, a prompt or a completion is approved or refused as it is: nothing to edit. */
const SURFACE_RULES: ApprovalRules = {
  allowedDecisions: ["approve", "reject"],
  onTimeout: "reject",
};

/** What gating the proxy's other request methods needs. */
export interface SurfaceApprovalDeps {
  upstream: UpstreamConfig;
  approvals: ApprovalContext;
  /** Aborts when the upstream connection closed: a waiting approval is withdrawn. */
  upstreamGone: AbortSignal;
}

/**
 * Lets one `resources/read`, `prompts/get` or `completion/complete` through the upstream's
 * surface policy, or throws the MCP error that says why it may not go upstream. An `ask`
 * opens an APPROVAL card like a tool call's (the method as the tool, the params without
 * `_meta` as its arguments, YOLO applying) and returns only once the person approved; the
 * request itself goes upstream unchanged. Both protocol generations wait the same way, on
 * the open request (the round trip and approval tasks are tools/call's).
 */
export async function passSurfaceGate(
  deps: SurfaceApprovalDeps,
  method: GatedSurfaceMethod,
  params: Record<string, unknown>,
  extra: ServerContext,
): Promise<void> {
  const name = deps.approvals.upstream;
  const args = Object.fromEntries(Object.entries(params).filter(([key]) => key !== "_meta"));
  const action = surfaceAction(deps.upstream.surfaces, method, args);
  if (action === "allow") return;
  if (action === "deny")
    throw new ProtocolError(
      ProtocolErrorCode.InvalidRequest,
      `The approval proxy's policy for "${name}" refuses ${method} ${JSON.stringify(args)}; nothing was sent upstream.`,
    );
  const request = {
    tool: method,
    args,
    policy: SURFACE_RULES,
    description: surfaceDescription(name, method, args),
  };
  const stop = AbortSignal.any([extra.mcpReq.signal, deps.upstreamGone]);
  const outcome = await awaitApproval(deps.approvals, request, extra, stop);
  if (deps.upstreamGone.aborted)
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      upstreamFailureText(name, method, "the connection closed"),
    );
  if (!outcome.forward) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, outcome.text);
}
