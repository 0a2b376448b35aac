import type {
  HubApprovals,
  RequestApprovalResult,
  ToolCallForApproval,
} from "@inquiry-hub/hub-approvals";
import type { Interrupt } from "@langchain/langgraph";
import type { Decision, HITLResponse } from "langchain";
import { approvalCard } from "./approval-card";
import { approvalKey, approvalRunId } from "./approval-key";
import { hitlInterruptsOf, isHitlInterrupt } from "./hitl-interrupts";
import type { HitlInterrupt } from "./hitl-interrupts";
import { toDecision } from "./hub-decision";
import { catalogTools } from "./tool-catalog";

/** How to ask the hub about a thread's interrupts. */
export interface HubDecisionOptions {
  /** A connection from `connectLangGraphHubApprovals`, shared by the whole process. */
  hub: HubApprovals;
  /** The thread that paused (`config.configurable.thread_id`); part of every approval's key. */
  threadId: string;
  /**
   * The agent's tools (`agent.options.tools`): their descriptions and argument schemas go on
   * the card, so the person can edit with a form. Without them the card shows the call only.
   */
  tools?: readonly unknown[] | undefined;
  /** Stops waiting (the approvals stay open on the hub; asking again reattaches). */
  signal?: AbortSignal | undefined;
  /** Called as each approval is sent to the person's devices. */
  onWaiting?: ((call: ToolCallForApproval) => void) | undefined;
  /** Called as each decision arrives, before the run resumes. */
  onDecided?: ((call: ToolCallForApproval, result: RequestApprovalResult) => void) | undefined;
}

/** Runs every task; if one fails, aborts the others (through `signal`) and rethrows. */
async function allOrAbort<T>(
  signal: AbortSignal | undefined,
  tasks: (signal: AbortSignal) => Promise<T>[],
): Promise<T[]> {
  const failed = new AbortController();
  const combined = signal === undefined ? failed.signal : AbortSignal.any([signal, failed.signal]);
  try {
    return await Promise.all(tasks(combined));
  } catch (error) {
    failed.abort(error);
    throw error;
  }
}

/** One pending approval per action request of the interrupt, in the middleware's order. */
function decisionsFor(
  interrupt: HitlInterrupt,
  options: HubDecisionOptions,
  signal: AbortSignal,
): Promise<Decision>[] {
  const catalog = catalogTools(options.tools ?? []);
  return interrupt.value.actionRequests.map(async (action, index) => {
    const review = interrupt.value.reviewConfigs.find(
      (config) => config.actionName === action.name,
    );
    const call: ToolCallForApproval = {
      ...approvalCard(action, review, catalog.get(action.name)),
      key: approvalKey(options.threadId, interrupt.id, index),
      runId: approvalRunId(options.threadId),
    };
    options.onWaiting?.(call);
    const result = await options.hub.request(call, { signal });
    options.onDecided?.(call, result);
    return toDecision(action.name, review?.allowedDecisions ?? [], result);
  });
}

/**
 * Asks the person, on all their devices, about every action request of one
 * `humanInTheLoopMiddleware` interrupt (one APPROVAL card each, all at once) and returns the
 * decisions in the middleware's order, ready for `new Command({ resume })` while it is the
 * run's only interrupt (else see `resumeValueFromHub`).
 *
 * @example
 * const [pending] = result.__interrupt__;
 * const resume = await decideWithHub(pending, { hub, threadId, tools: agent.options.tools });
 * await agent.invoke(new Command({ resume }), config);
 */
export async function decideWithHub(
  interrupt: Interrupt,
  options: HubDecisionOptions,
): Promise<HITLResponse> {
  if (!isHitlInterrupt(interrupt))
    throw new TypeError("decideWithHub: not an interrupt of humanInTheLoopMiddleware");
  const decisions = await allOrAbort(options.signal, (signal) =>
    decisionsFor(interrupt, options, signal),
  );
  return { decisions };
}

/**
 * Like `decideWithHub` for every middleware interrupt in a list (`result.__interrupt__`, or the
 * pending interrupts of `getState`), keyed by interrupt id, the resume form LangGraph accepts
 * when several interrupts wait at once. Other interrupts are left out: they are not the hub's.
 *
 * @example
 * const resume = await resumeValueFromHub(result.__interrupt__, { hub, threadId });
 * await agent.invoke(new Command({ resume }), config);
 */
export async function resumeValueFromHub(
  interrupts: readonly Interrupt[] | undefined,
  options: HubDecisionOptions,
): Promise<Record<string, HITLResponse>> {
  const entries = await allOrAbort(options.signal, (signal) =>
    hitlInterruptsOf(interrupts).map(async (interrupt) => {
      const decisions = await Promise.all(decisionsFor(interrupt, options, signal));
      return [interrupt.id, { decisions }] as const;
    }),
  );
  return Object.fromEntries(entries);
}
