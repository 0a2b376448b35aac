import { APPROVAL_RESULT_OPENINGS } from "@inquiry-hub/protocol";
import type { RequestApprovalResult } from "@inquiry-hub/protocol";

/** Every outcome after which a framework must not run the call. */
export type NotRunDecision = Exclude<RequestApprovalResult["decision"], "approve">;

const NO_RETRY =
  "Do not retry the same call; adapt your plan or ask the person what they want instead.";

/**
 * What the model reads in place of the tool's result when the call did not run, in the words
 * the approval proxy uses (APPROVAL_RESULT_OPENINGS), so a model, a log reader and the demo
 * model's rules tell a refusal from tool output the same way for every bridge. `edit` appears
 * only for frameworks that cannot run a call with other arguments: the call is refused and the
 * model learns what the person wanted.
 */
export function notRunMessage(
  tool: string,
  decision: NotRunDecision,
  details: Pick<RequestApprovalResult, "message" | "arguments"> = {},
): string {
  switch (decision) {
    case "reject": {
      const quoted =
        details.message === undefined || details.message === ""
          ? ""
          : ` Their message: "${details.message}".`;
      return `${APPROVAL_RESULT_OPENINGS.rejected} ${tool}, so it was not run.${quoted} ${NO_RETRY}`;
    }
    case "edit":
      return `The person edited the arguments of ${tool}, which this agent cannot apply, so it was not run. They wanted: ${JSON.stringify(details.arguments ?? {})}`;
    case "timeout":
      return `${APPROVAL_RESULT_OPENINGS.timeout} ${tool}: nobody decided in time, so it was not run. ${NO_RETRY}`;
    case "cancelled":
      return `${APPROVAL_RESULT_OPENINGS.cancelled} ${tool} was cancelled before anyone decided, so it was not run. ${NO_RETRY}`;
  }
}
