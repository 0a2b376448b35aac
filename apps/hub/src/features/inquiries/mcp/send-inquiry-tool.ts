import { HUB_TOOL_NAMES, SendInquiryArgsSchema } from "@inquiry-hub/protocol";
import type { Inquiry, SendInquiryArgs } from "@inquiry-hub/protocol";
import type {
  CallToolResult,
  McpServer,
  Server,
  ServerContext,
} from "@modelcontextprotocol/server";
import { withDraftedSuggestion } from "../answer-drafter";
import type { AnswerDrafter } from "../ports";
import type { CreateInquiryInput } from "../inquiry-service";
import type { Delivery } from "../kept-deliveries";
import { recordDelegatedInquiry } from "../yolo-inquiries";
import { awaitResolution } from "./await-resolution";
import { askInClient } from "./inline-elicitation";
import { confirmDelivery } from "./delivery-window";
import { readIdempotencyKey } from "../../../platform/mcp/idempotency-key";
import { inquiryToolResult, waitingToolResult } from "./inquiry-tool-result";
import { repeatKey } from "../repeat-key";
import { HubError } from "../../../kernel/errors";
import type { InquiryTaskStarter } from "./tasks/inquiry-task-starter";
import type { TracedToolCall } from "../inquiry-tracing";
import { holdEnding, runTracedToolCall } from "./held-tool-call";
import type { HeldToolSession } from "./held-tool-call";

/** The description of send_inquiry in tools/list unless a session overrides it. */
export const DEFAULT_SEND_INQUIRY_DESCRIPTION =
  "Ask the human user a question and wait for the answer. Use it when the request is ambiguous " +
  "or you need a decision only the user can make. Returns the user's answer, or a sentence " +
  "saying they declined, did not answer in time, or left the decision to you.";

/** What a send_inquiry call needs from its session. */
export interface SendInquiryContext extends HeldToolSession {
  /** `?description=`: replaces the tool's description in tools/list. */
  description?: string | undefined;
  /** `?prompt_description=`: replaces the `prompt` parameter's description in tools/list. */
  promptDescription?: string | undefined;
  /** Drafts a suggested answer when the call has none (HUB_SUGGEST_*); absent = off. */
  drafter?: AnswerDrafter | undefined;
  /**
   * Runs the call as a task when the request declared the Tasks extension: 2026-07-28 requests
   * (modern-mcp-server.ts) and 2025-11-25 sessions whose client declared tasks at initialize
   * (tasks/legacy-task-requests.ts); every other session's wire never changes.
   */
  tasks?: InquiryTaskStarter | undefined;
}

/** The tool's input schema, with the session's `prompt` description when it gave one. */
function inputSchemaFor(promptDescription: string | undefined) {
  if (promptDescription === undefined) return SendInquiryArgsSchema;
  return SendInquiryArgsSchema.extend({
    prompt: SendInquiryArgsSchema.shape.prompt.describe(promptDescription),
  });
}

/**
 * Registers `send_inquiry`: creates the inquiry, announces it as an INQUIRY progress
 * notification, keeps the call alive with heartbeats, and returns the resolution as text.
 * A withdrawn call resolves the inquiry `cancelled` through the service's compare-and-set,
 * so a concurrent answer still wins cleanly. In YOLO
 * mode nobody is asked: the inquiry is recorded as delegated and the call returns at once.
 * Otherwise, with drafting on and no `suggested_answer`, the assistant's draft is awaited
 * before the inquiry is announced (bounded by the drafter's timeout), so every device and
 * the INQUIRY meta carry the same suggestion from the start. A refusal (pending cap, rate
 * limit, held-call cap; per user or per credential) is a tool result with `isError: true`,
 * written like respond_inquiry's. A call that waits takes one of its credential's held-call
 * slots (`heldCalls`) before anything is created.
 *
 * Every call holds on one inquiry per credential and key: the idempotency key in `_meta` (see
 * readIdempotencyKey), or, without one, the repeat key of the question itself (repeatKey). A
 * repeat holds on the pending inquiry (its opened meta again, so the caller learns the id).
 * A final inquiry under a caller's key is returned again to every repeat; one under a repeat
 * key is the answer kept for the agent: delivered to the next matching call exactly once,
 * after which the same question asked again is a new one. Delivered means arrived: an answer
 * returned to a call whose client cancels it within the confirm window (its timeout fired as
 * the answer went out) stays kept for the repeat (kept-deliveries.ts, delivery-window.ts). A call holds for its hold budget
 * (`holdBudgetMs`) and then returns a waiting result telling the model to repeat the call.
 * A client's timeout, other cancels and a closed carrier only detach the call; the question
 * stays open on every device. Only a cancel with WITHDRAW_REASON withdraws it (call-ending.ts).
 *
 * A call that declared the Tasks extension gets a task instead of a held call (see
 * `tasks`): a keyed one the task of its key's inquiry, so one key is one task.
 */
export function registerSendInquiryTool(server: McpServer, context: SendInquiryContext): void {
  server.registerTool(
    HUB_TOOL_NAMES.sendInquiry,
    {
      description: context.description ?? DEFAULT_SEND_INQUIRY_DESCRIPTION,
      inputSchema: inputSchemaFor(context.promptDescription),
    },
    (args, ctx) =>
      runTracedToolCall(context, HUB_TOOL_NAMES.sendInquiry, ctx, (traced) =>
        handleCall(context, args, ctx, traced, server.server),
      ),
  );
}

/**
 * One send_inquiry call; `traced` is its span, whose context every inquiry it opens keeps.
 * `session` is the session's server: what its client declared (form elicitation: the call's
 * pending question is asked in that client too, see inline-elicitation.ts).
 */
async function handleCall(
  context: SendInquiryContext,
  args: SendInquiryArgs,
  ctx: ServerContext,
  traced: TracedToolCall,
  session: Server,
): Promise<CallToolResult> {
  const key = readIdempotencyKey(ctx.mcpReq._meta);
  const input: CreateInquiryInput = {
    question: args.prompt,
    ...(args.options === undefined ? {} : { options: args.options }),
    suggestedAnswer: args.suggested_answer,
    questions: args.questions,
    ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
    askedByCredentialId: context.credentialId,
    ...(traced.carrier === undefined ? {} : { traceContext: traced.carrier }),
  };
  const returned = (final: Inquiry): CallToolResult => {
    traced.opened(final);
    traced.returned(final);
    return inquiryToolResult(final);
  };
  if (await context.yolo(context.userId, context.yoloOverride))
    return returned(await recordDelegatedInquiry(context.inquiries, context.userId, input));
  const asTask = context.tasks?.accepts(ctx) === true ? context.tasks : undefined;
  const owner = { userId: context.userId, credentialId: context.credentialId };
  if (key === undefined && asTask !== undefined)
    return await asTask.start(await withDraftedSuggestion(context.drafter, input));
  // A call without a key is indexed under its question (repeatKey), so the repeat a model
  // makes after its client timed out picks up the same card.
  const indexKey = key ?? repeatKey(HUB_TOOL_NAMES.sendInquiry, args);
  const keepsAnswer = key === undefined;
  // An answer handed over under the repeat key stays kept until the call's client is known to
  // have it: a client whose timeout fired as the answer went out cancels the call just after.
  const delivered = (final: Inquiry, delivery: Delivery | undefined): CallToolResult => {
    if (delivery !== undefined) confirmDelivery(delivery, ctx, context.cancels, context.logger);
    return returned(final);
  };
  const keyedCall = async (firstTry: boolean): Promise<CallToolResult> => {
    const { inquiry } = await context.idempotent.createOnce(
      owner,
      indexKey,
      await withDraftedSuggestion(context.drafter, input),
    );
    traced.opened(inquiry);
    if (inquiry.status !== "pending") {
      if (!keepsAnswer) return returned(inquiry);
      // An answer kept for the agent goes to one repeat; after it, the question is new.
      const delivery = await context.idempotent.takeKept(owner, indexKey, inquiry.id);
      if (delivery !== undefined) return delivered(inquiry, delivery);
      if (firstTry) return keyedCall(false);
      throw new HubError("UNAVAILABLE", "the same question is being asked by a racing call");
    }
    const task = asTask?.follow(inquiry);
    if (task !== undefined) return task;
    const ending = holdEnding(context, ctx);
    const stopAsking = askInClient(context, session.getClientCapabilities(), ctx, inquiry);
    const now = await awaitResolution(context, inquiry, {
      extra: ctx,
      withdraw: ending.withdrawn,
      detach: ending.detached,
    }).finally(() => {
      stopAsking();
      ending.finish();
    });
    if (now.status === "pending") return waitingToolResult(now, HUB_TOOL_NAMES.sendInquiry);
    if (!keepsAnswer) return returned(now);
    // A waiting call takes the answer whoever else races for it. A withdrawn question is
    // nobody's to keep: its key is freed at once, without holding this call's slot meanwhile
    // (a burst of withdrawn calls would otherwise keep the credential's held-call cap full).
    const keyFailed = (error: unknown): undefined => {
      context.logger.warn({ err: error, inquiryId: now.id }, "settling a repeat key failed");
      return undefined;
    };
    if (ending.withdrawn.aborted) {
      context.idempotent.forget(owner, indexKey, now.id).catch(keyFailed);
      return returned(now);
    }
    const delivery = await context.idempotent
      .beginDelivery(owner, indexKey, now.id)
      .catch(keyFailed);
    return delivered(now, delivery);
  };
  // A call takes its slot before the key is claimed, since it may hold on the key's inquiry
  // even as a task request (another credential's key); a task frees it at once.
  return context.heldCalls.hold(owner, () => keyedCall(true));
}
