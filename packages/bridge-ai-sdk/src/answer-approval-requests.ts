import { asSchema } from "ai";
import type { ToolModelMessage, ToolSet } from "ai";
import type { HubApprovals, ToolCallForApproval } from "@inquiry-hub/hub-approvals";
import { findUnansweredApprovalRequests } from "./approval-requests";
import type { MessagesOrResult, UnansweredApprovalRequest } from "./approval-requests";
import { toApprovalResponse } from "./approval-response";

export interface AnswerApprovalRequestsOptions {
  /** The tools the model was given: the card shows their description and input schema. */
  tools: ToolSet;
  /**
   * The app's own stable id of this conversation (1–100 printable ASCII characters, no
   * spaces), persisted with its messages. With the approval id it names each approval on the
   * hub, so asking again after a restart reattaches to the same card instead of a new one;
   * it also groups the conversation's approvals on the person's devices.
   */
  conversationId: string;
  /**
   * The `toolsContext` the model ran with (ai 7), needed only for tools whose description is
   * a function of their context: the card then shows the description the model read.
   */
  toolsContext?: Record<string, unknown> | undefined;
  /**
   * Stops waiting for the person; the answer rejects with the signal's reason. A 2026-07-28
   * hub keeps the cards up, so asking again later with the same messages picks them up; a
   * 2025-era hub withdraws them, and asking again then answers them "Nobody decided in time".
   */
  signal?: AbortSignal | undefined;
}

/**
 * The AI SDK runs an approved call only with the input the model produced (an approval
 * signature even binds the two), so the person may approve or reject but not edit.
 */
const AI_SDK_DECISIONS = ["approve", "reject"] as const;

const CONVERSATION_ID = /^[\x21-\x7e]{1,100}$/;

function signalOption(options: AnswerApprovalRequestsOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A tool's description as ai 6 (a string) or ai 7 (also a function of its context) types it. */
type ToolDescription = string | ((options: { context: unknown }) => string) | undefined;

/** The description the model read: under ai 7 a tool may compute it from its context. */
function describeTool(description: ToolDescription, context: unknown): string | undefined {
  return typeof description === "function" ? description({ context }) : description;
}

/** What the card says: the tool's description, then why the app's `toolApproval` asks. */
function describeCall(
  request: UnansweredApprovalRequest,
  options: AnswerApprovalRequestsOptions,
): string | undefined {
  const text = describeTool(
    options.tools[request.toolName]?.description,
    options.toolsContext?.[request.toolName],
  );
  if (request.reason === undefined) return text;
  const why = `Why it needs your approval: ${request.reason}`;
  return text === undefined ? why : `${text} — ${why}`;
}

async function toHubCall(
  request: UnansweredApprovalRequest,
  options: AnswerApprovalRequestsOptions,
): Promise<ToolCallForApproval> {
  if (!isJsonObject(request.input))
    throw new TypeError(
      `tool ${request.toolName} was called with ${JSON.stringify(request.input)}; a hub approval needs an object input`,
    );
  const tool = options.tools[request.toolName];
  const inputSchema = tool === undefined ? undefined : await asSchema(tool.inputSchema).jsonSchema;
  return {
    tool: request.toolName,
    arguments: request.input,
    description: describeCall(request, options),
    inputSchema: inputSchema as Record<string, unknown> | undefined,
    allowedDecisions: AI_SDK_DECISIONS,
    key: `${options.conversationId}:${request.approvalId}`,
    runId: options.conversationId,
  };
}

/**
 * Asks the person, on all their devices at once, about every approval request the messages
 * leave unanswered (one card per request, all in parallel), and returns the `tool` message
 * to append before running the model again: approved calls then run, rejected ones
 * reach the model as denied with the person's message, and approvals nobody decided in time
 * as denied with "Nobody decided in time". Returns `undefined` when nothing waits.
 *
 * @example
 * const result = await generateText({ model, tools, messages });
 * messages.push(...result.response.messages);
 * const answers = await answerApprovalRequestsWithHub(result, hub, { tools, conversationId });
 * if (answers) messages.push(answers); // then generateText({ model, tools, messages }) again
 */
export async function answerApprovalRequestsWithHub(
  from: MessagesOrResult,
  hub: HubApprovals,
  options: AnswerApprovalRequestsOptions,
): Promise<ToolModelMessage | undefined> {
  if (!CONVERSATION_ID.test(options.conversationId))
    throw new TypeError("conversationId must be 1–100 printable ASCII characters, no spaces");
  const requests = findUnansweredApprovalRequests(from);
  if (requests.length === 0) return undefined;
  const asks = await Promise.all(
    requests.map(async (request) => ({ request, call: await toHubCall(request, options) })),
  );
  // Every wait runs to its end even when another fails (the hub refused it, the connection
  // broke): aborting the others would withdraw their cards, while the decisions they get are
  // kept under their keys, so a retry after the failure finds them at once.
  const settled = await Promise.allSettled(
    asks.map(async ({ request, call }) =>
      toApprovalResponse(request.approvalId, await hub.request(call, signalOption(options))),
    ),
  );
  const responses = settled.map((outcome) => {
    if (outcome.status === "rejected") throw outcome.reason;
    return outcome.value;
  });
  return { role: "tool", content: responses };
}
