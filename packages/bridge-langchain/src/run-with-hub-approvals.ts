import type { RunnableConfig } from "@langchain/core/runnables";
import { Command, INTERRUPT, isInterrupted } from "@langchain/langgraph";
import type { Interrupt, StateSnapshot } from "@langchain/langgraph";
import { resumeValueFromHub } from "./decide-with-hub";
import type { HubDecisionOptions } from "./decide-with-hub";
import { hitlInterruptsOf } from "./hitl-interrupts";
import type { HitlInterrupt } from "./hitl-interrupts";

/** The parts of a `createAgent` agent the loop uses; any `ReactAgent` has them. */
export interface HubApprovalAgent<Input, Output, Config extends RunnableConfig> {
  invoke(input: Input | Command, config: Config): Promise<Output>;
  readonly graph: { getState(config: Config): Promise<StateSnapshot> };
  readonly options: { tools?: readonly unknown[] | undefined };
}

/** A run config naming its thread: the checkpointer keeps the paused run under it. */
export type ThreadConfig = RunnableConfig & { configurable: { thread_id: string } };

/** How the loop asks; `tools` defaults to the agent's own (`agent.options.tools`). */
export type HubApprovalRunOptions = Omit<HubDecisionOptions, "threadId">;

/** The interrupts an `invoke` returned under `__interrupt__`, where a paused run lists them. */
function interruptsOf(output: unknown): Interrupt[] {
  return isInterrupted(output) ? output[INTERRUPT] : [];
}

/** Asks the hub about the waiting interrupts and resumes the run with the decisions. */
async function resumeFromHub<Input, Output, Config extends ThreadConfig>(
  agent: HubApprovalAgent<Input, Output, Config>,
  config: Config,
  options: HubApprovalRunOptions,
  waiting: readonly Interrupt[],
): Promise<Output> {
  const resume = await resumeValueFromHub(waiting, {
    ...options,
    tools: options.tools ?? agent.options.tools,
    threadId: config.configurable.thread_id,
  });
  return agent.invoke(new Command({ resume }), config);
}

/** Keeps resuming while the run pauses on the middleware again (the model's next tool call). */
async function answerUntilFinished<Input, Output, Config extends ThreadConfig>(
  agent: HubApprovalAgent<Input, Output, Config>,
  config: Config,
  options: HubApprovalRunOptions,
  output: Output,
): Promise<Output> {
  let result = output;
  let waiting = hitlInterruptsOf(interruptsOf(result));
  while (waiting.length > 0) {
    result = await resumeFromHub(agent, config, options, waiting);
    waiting = hitlInterruptsOf(interruptsOf(result));
  }
  return result;
}

/**
 * The middleware's interrupts a thread is paused on, read from its checkpoint: after a
 * restart, the approvals a previous process was waiting for.
 */
export async function waitingApprovals<Input, Output, Config extends ThreadConfig>(
  agent: HubApprovalAgent<Input, Output, Config>,
  config: Config,
): Promise<HitlInterrupt[]> {
  const snapshot = await agent.graph.getState(config);
  return hitlInterruptsOf(snapshot.tasks.flatMap((task) => task.interrupts));
}

/**
 * Runs the agent and answers each `humanInTheLoopMiddleware` pause with decisions from the
 * person's devices (one APPROVAL card per tool call), until the run finishes. Returns what the
 * last `invoke` returned; interrupts that are not the middleware's are left in it for the caller.
 *
 * @example
 * const result = await runWithHubApprovals(agent, { messages }, { configurable: { thread_id } }, { hub });
 */
export async function runWithHubApprovals<Input, Output, Config extends ThreadConfig>(
  agent: HubApprovalAgent<Input, Output, Config>,
  input: Input,
  config: Config,
  options: HubApprovalRunOptions,
): Promise<Output> {
  return answerUntilFinished(agent, config, options, await agent.invoke(input, config));
}

/**
 * Continues a thread that a previous process left waiting for approvals: asks the hub again
 * with the same keys, which reattaches to the same cards (or returns decisions already made
 * meanwhile), then resumes and finishes the run like `runWithHubApprovals`. Call it instead of
 * `runWithHubApprovals` when `waitingApprovals` finds any: new input would start a new turn
 * instead of resuming the paused tool calls.
 *
 * @throws Error when the thread is not waiting for an approval (see `waitingApprovals`).
 */
export async function resumeWithHubApprovals<Input, Output, Config extends ThreadConfig>(
  agent: HubApprovalAgent<Input, Output, Config>,
  config: Config,
  options: HubApprovalRunOptions,
): Promise<Output> {
  const pending = await waitingApprovals(agent, config);
  if (pending.length === 0)
    throw new Error(`Thread ${config.configurable.thread_id} is not waiting for an approval.`);
  const output = await resumeFromHub(agent, config, options, pending);
  return answerUntilFinished(agent, config, options, output);
}
