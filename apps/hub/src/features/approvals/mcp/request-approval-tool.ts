import {
  HUB_TOOL_NAMES,
  IDEMPOTENCY_META_KEY,
  RequestApprovalArgsSchema,
  RequestApprovalReplySchema,
} from "@inquiry-hub/protocol";
import type { McpServer } from "@modelcontextprotocol/server";
import { runTracedToolCall } from "../../inquiries/mcp/held-tool-call";
import { handleRequestApprovalCall } from "./request-approval-call";
import type { RequestApprovalContext } from "./request-approval-call";

export type { RequestApprovalDeps } from "./request-approval-call";

/** The description of request_approval in tools/list. */
export const REQUEST_APPROVAL_DESCRIPTION =
  "For framework bridges (LangGraph.js, the OpenAI Agents SDK, the AI SDK), not for models: " +
  "asks the person to approve a tool call the agent is about to run in its own process and " +
  "waits for the decision. structuredContent is {inquiryId, decision, arguments?, message?}; " +
  "run the call only on decision approve or edit, with exactly the returned arguments. Send " +
  `the framework's own tool-call id as _meta "${IDEMPOTENCY_META_KEY}" so a restarted ` +
  "process gets the same approval instead of asking twice.";

/**
 * Registers `request_approval`: a framework bridge asks the person to approve a tool call
 * its agent runs in its own process. The APPROVAL inquiry is opened through the proxy's own
 * path (prepareApproval, openApprovalInquiry; `source` shown where a gated call shows its
 * upstream, `run_id` grouping the cards), held like send_inquiry (APPROVAL progress,
 * heartbeats, INQUIRY_CLOSED), decided by approvalOutcome and audited. The result is a
 * sentence plus `structuredContent` (RequestApprovalReply). Timeout is `timeout` (fail
 * closed); a withdrawal is `cancelled`; YOLO approves at once as delegated, as for
 * the proxy. A refusal (bad arguments, the pending cap, a rate limit) is an `isError` result
 * naming the problem, and opens nothing.
 *
 * Every call holds on the one approval of its credential and key (awaitKeyedApproval, as the
 * proxy's gated calls): the idempotency key in `_meta`, or without one the repeat key of the
 * call itself (source, tool, arguments). A repeat while it is pending holds on it; a repeat
 * after the decision gets it at once under a caller's key, and exactly once under a repeat key
 * (then the same call asks anew); a decision whose call was cancelled as it was returned (the
 * client's timeout fired) counts as not delivered and goes to the repeat (delivery-window.ts). Only a cancel with WITHDRAW_REASON withdraws it; a client's
 * timeout or a closed session leaves it pending for the retry, and a call whose hold budget
 * ran out returns `pending`. A key that names another call is refused.
 *
 * What bounds it: arguments and input_schema are at most MAX_APPROVAL_JSON_LENGTH characters
 * of JSON each (the schema), and the whole request at most the hub's JSON body limit (config
 * `jsonBodyLimitBytes`, 64 KiB by default, so that one binds first: 413 before the tool
 * runs). Every approval counts against the user's pending-inquiry cap
 * (`HUB_PENDING_INQUIRIES_PER_USER`) and the per-minute creation limit
 * (`HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE`), a YOLO one against the delegated limit, as any
 * inquiry does (withRateLimits, the store's atomic cap); a key's approval is one inquiry
 * however often it is repeated; the per-credential caps (`HUB_PENDING_INQUIRIES_PER_CREDENTIAL`,
 * `HUB_RATE_LIMIT_INQUIRIES_PER_CREDENTIAL_PER_MINUTE`, `HUB_HELD_CALLS_PER_CREDENTIAL`) keep
 * one credential from using up the person's.
 */
export function registerRequestApprovalTool(
  server: McpServer,
  context: RequestApprovalContext,
): void {
  server.registerTool(
    HUB_TOOL_NAMES.requestApproval,
    {
      description: REQUEST_APPROVAL_DESCRIPTION,
      inputSchema: RequestApprovalArgsSchema,
      outputSchema: RequestApprovalReplySchema,
    },
    (args, ctx) =>
      runTracedToolCall(context, HUB_TOOL_NAMES.requestApproval, ctx, (traced) => {
        const owner = { userId: context.userId, credentialId: context.credentialId };
        return context.heldCalls.hold(owner, () =>
          handleRequestApprovalCall(context, args, ctx, traced),
        );
      }),
  );
}
