import type { HubApprovals, RequestApprovalResult } from "@inquiry-hub/hub-approvals";
import { applyDecision } from "./apply-decision";
import { approvalRequestFor, callIdOf } from "./approval-request";
import type { PausedRunState } from "./paused-run-state";

/** How the bridge names and bounds the approvals of one run. */
export interface HubApprovalOptions {
  /**
   * The app's stable id for this run or conversation, kept with the serialized state (the
   * same id after a restart). With each call id it makes the approval's idempotency key.
   */
  runId: string;
  /**
   * Stops waiting (the call rejects with the abort). To the hub this looks like a crash: the
   * cards stay open, and asking again with the same state and `runId` picks them up.
   */
  signal?: AbortSignal;
}

/** One pending call and what the person decided about it. */
export interface DecidedInterruption {
  tool: string;
  callId: string;
  /** The hub's APPROVAL inquiry, for history and logs. */
  inquiryId: string;
  decision: RequestApprovalResult["decision"];
  /** The person's words with a rejection. */
  message?: string | undefined;
}

/**
 * Asks the person, on all their devices, about every call the run is waiting on (one APPROVAL
 * card each, all at once) and records each decision on the state with `approve` or `reject`.
 * Continue the run afterwards with `run(agent, state)`. Accepts a `RunResult` or a `RunState`
 * (e.g. one restored with `RunState.fromString` after a restart: the same `runId` reattaches
 * to the same cards). If a request fails, the error is thrown and nothing is recorded; the
 * other cards stay open, and asking again with the same state picks them up.
 *
 * @example
 * let result = await run(agent, "Email Ann the report");
 * while (result.interruptions.length > 0) {
 *   await approveInterruptionsWithHub(result, hub, { runId });
 *   result = await run(agent, result.state);
 * }
 */
export async function approveInterruptionsWithHub(
  paused: PausedRunState | { state: PausedRunState },
  hub: Pick<HubApprovals, "request">,
  options: HubApprovalOptions,
): Promise<DecidedInterruption[]> {
  const state = "state" in paused ? paused.state : paused;
  const requestOptions = options.signal === undefined ? {} : { signal: options.signal };
  const decided = await Promise.all(
    state.getInterruptions().map(async (item) => {
      const request = approvalRequestFor(item, options.runId);
      return { item, request, result: await hub.request(request, requestOptions) };
    }),
  );
  return decided.map(({ item, request, result }) => {
    applyDecision(state, item, result);
    return {
      tool: request.tool,
      callId: callIdOf(item),
      inquiryId: result.inquiryId,
      decision: result.decision,
      message: result.message,
    };
  });
}
