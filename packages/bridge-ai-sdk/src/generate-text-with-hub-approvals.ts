import { generateText } from "ai";
import type { GenerateTextResult, ModelMessage, OutputInterface, ToolSet } from "ai";

/** The type of `generateText`'s `runtimeContext` option (not re-exported by `ai` itself). */
type RuntimeContext = Record<string, unknown>;
import type { HubApprovals } from "@inquiry-hub/hub-approvals";
import { answerApprovalRequestsWithHub } from "./answer-approval-requests";
import { findUnansweredApprovalRequests } from "./approval-requests";

/** `generateText`'s own options, with the conversation as `messages` (not `prompt`). */
export type GenerateTextWithHubApprovalsOptions<
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends RuntimeContext,
  OUTPUT extends OutputInterface,
> = Omit<
  Parameters<typeof generateText<TOOLS, RUNTIME_CONTEXT, OUTPUT>>[0],
  "prompt" | "messages"
> & {
  /**
   * The conversation so far. It may end with approval requests still unanswered (loaded
   * after a restart): those are asked again under the same keys before the model runs.
   */
  messages: ModelMessage[];
};

export interface HubApprovalLoopOptions {
  /** See `AnswerApprovalRequestsOptions.conversationId`: persist it with the messages. */
  conversationId: string;
  /**
   * Called with the whole conversation before each wait for the person, so the app can
   * persist it: after a restart, passing those messages back resumes the same approvals.
   */
  onMessages?: ((messages: ModelMessage[]) => void | Promise<void>) | undefined;
}

export interface GenerateTextWithHubApprovalsResult<
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends RuntimeContext,
  OUTPUT extends OutputInterface,
> {
  /** The last `generateText` call's result: the one that ended without approval requests. */
  result: GenerateTextResult<TOOLS, RUNTIME_CONTEXT, OUTPUT>;
  /** The whole conversation: the given messages, every step, and the person's answers. */
  messages: ModelMessage[];
}

/**
 * `generateText` that asks the person through the hub whenever a tool needs approval, and
 * runs again with their answers until the model finishes without asking. `abortSignal`
 * stops both the model and the wait for the person.
 *
 * @example
 * const { result, messages } = await generateTextWithHubApprovals(
 *   { model, tools: { sendEmail }, messages: saved.messages },
 *   hub,
 *   { conversationId: saved.id, onMessages: (messages) => save({ ...saved, messages }) },
 * );
 */
export async function generateTextWithHubApprovals<
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends RuntimeContext = RuntimeContext,
  OUTPUT extends OutputInterface = OutputInterface<string, string>,
>(
  options: GenerateTextWithHubApprovalsOptions<TOOLS, RUNTIME_CONTEXT, OUTPUT>,
  hub: HubApprovals,
  loop: HubApprovalLoopOptions,
): Promise<GenerateTextWithHubApprovalsResult<TOOLS, RUNTIME_CONTEXT, OUTPUT>> {
  let messages = [...options.messages];
  for (;;) {
    if (findUnansweredApprovalRequests(messages).length > 0) {
      await loop.onMessages?.(messages);
      const answers = await answerApprovalRequestsWithHub(messages, hub, {
        tools: options.tools ?? {},
        conversationId: loop.conversationId,
        toolsContext: options.toolsContext,
        signal: options.abortSignal,
      });
      if (answers !== undefined) messages = [...messages, answers];
    }
    const result = await generateText<TOOLS, RUNTIME_CONTEXT, OUTPUT>({ ...options, messages });
    messages = [...messages, ...result.response.messages];
    if (findUnansweredApprovalRequests(result).length === 0) return { result, messages };
  }
}
