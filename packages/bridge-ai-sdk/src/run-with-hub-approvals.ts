import type { ModelMessage, ToolSet } from "ai";
import type { HubApprovals } from "@inquiry-hub/hub-approvals";
import { answerApprovalRequestsWithHub } from "./answer-approval-requests";
import type { AnswerApprovalRequestsOptions } from "./answer-approval-requests";
import { findUnansweredApprovalRequests } from "./approval-requests";

/** What one turn of the agent returns: at least the messages it added to the conversation. */
export interface AgentTurn {
  readonly response: { readonly messages: readonly ModelMessage[] };
}

/**
 * The agent the loop drives: the AI SDK's `ToolLoopAgent` (ai 6 and 7) as it is, or any object
 * with the tools the cards describe and a `generate` that runs one turn, such as
 * `{ tools, generate: (call) => generateText({ model, tools, ...call }) }`. Typed by shape
 * rather than by the SDK's `Agent`, whose type parameters differ between majors.
 */
export interface ApprovalAgent<TURN extends AgentTurn> {
  readonly tools: ToolSet;
  generate(call: { messages: ModelMessage[]; abortSignal?: AbortSignal }): PromiseLike<TURN>;
}

export interface RunWithHubApprovalsOptions extends Omit<AnswerApprovalRequestsOptions, "tools"> {
  /**
   * The conversation so far. It may end with approval requests still unanswered (loaded
   * after a restart): those are asked again under the same keys before the model runs.
   */
  messages: readonly ModelMessage[];
  /**
   * Called with the whole conversation before each wait for the person, so the app can
   * persist it: after a restart, passing those messages back resumes the same approvals.
   */
  onMessages?: ((messages: ModelMessage[]) => void | Promise<void>) | undefined;
}

export interface RunWithHubApprovalsResult<TURN extends AgentTurn> {
  /** The agent's last turn: the one that ended without approval requests. */
  result: TURN;
  /** The whole conversation: the given messages, every step, and the person's answers. */
  messages: ModelMessage[];
}

/**
 * Runs the agent and asks the person through the hub whenever a tool needs approval (the
 * tool's `needsApproval`, or ai 7's `toolApproval` answering "user-approval"), then runs it
 * again with their answers until it finishes without asking. `signal` stops both the model
 * and the wait for the person.
 *
 * @example
 * const agent = new ToolLoopAgent({ model, tools, toolApproval: { sendEmail: "user-approval" } });
 * const { result, messages } = await runWithHubApprovals(agent, hub, {
 *   conversationId: saved.id,
 *   messages: saved.messages,
 *   onMessages: (messages) => save({ ...saved, messages }),
 * });
 */
export async function runWithHubApprovals<TURN extends AgentTurn>(
  agent: ApprovalAgent<TURN>,
  hub: HubApprovals,
  options: RunWithHubApprovalsOptions,
): Promise<RunWithHubApprovalsResult<TURN>> {
  const { onMessages, messages: given, ...asking } = options;
  const abortSignal = options.signal === undefined ? {} : { abortSignal: options.signal };
  let messages = [...given];
  for (;;) {
    if (findUnansweredApprovalRequests(messages).length > 0) {
      await onMessages?.(messages);
      const answers = await answerApprovalRequestsWithHub(messages, hub, {
        ...asking,
        tools: agent.tools,
      });
      if (answers !== undefined) messages = [...messages, answers];
    }
    const result = await agent.generate({ messages, ...abortSignal });
    messages = [...messages, ...result.response.messages];
    if (findUnansweredApprovalRequests(result).length === 0) return { result, messages };
  }
}
