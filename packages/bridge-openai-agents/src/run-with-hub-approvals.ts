import { run } from "@openai/agents";
import type {
  Agent,
  AgentInputItem,
  NonStreamRunOptions,
  RunResult,
  RunState,
  RunToolApprovalItem,
  Runner,
} from "@openai/agents";
import type { HubApprovals } from "@inquiry-hub/hub-approvals";
import { approveInterruptionsWithHub } from "./approve-interruptions";
import type { DecidedInterruption, HubApprovalOptions } from "./approve-interruptions";

/**
 * Any agent, as the SDK's own `run` bounds its agent type: an agent's context and output
 * types appear in both argument and result positions, so nothing narrower accepts them all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyAgent = Agent<any, any>;

export interface RunWithHubApprovalsOptions<
  TContext,
  TAgent extends AnyAgent,
> extends HubApprovalOptions {
  /**
   * Called with `state.toString()` before every wait for the person, so the app can persist
   * it (with `runId`) and resume after a restart with `RunState.fromString(agent, saved)`;
   * `waitingFor` are the calls about to be asked about.
   */
  onState?: (serializedState: string, waitingFor: RunToolApprovalItem[]) => void | Promise<void>;
  /** Called with the decisions of each round, after they are recorded on the state. */
  onDecided?: (decisions: DecidedInterruption[]) => void | Promise<void>;
  /** The SDK runner to use; the SDK's shared default runner when absent. */
  runner?: Runner;
  /** Passed to every `run` call (context, maxTurns, …); `signal` is set from the option above. */
  runOptions?: Omit<NonStreamRunOptions<TContext, TAgent>, "signal" | "stream">;
}

/**
 * Runs the agent to its end, taking every tool approval the run stops for to the person's
 * devices through the hub: run, ask about all pending calls at once, record the decisions,
 * run again, until the run finishes. Pass a `RunState` restored from `onState`'s string to
 * resume a run that was waiting when the process stopped: it asks again with the same keys,
 * so the person sees the same cards (or their decision, if made meanwhile, applies at once).
 *
 * @example
 * const result = await runWithHubApprovals(agent, "Email Ann the report", hub, {
 *   runId: "order-42",
 *   onState: (state) => writeFile("run.json", state),
 * });
 * console.log(result.finalOutput);
 */
export async function runWithHubApprovals<TAgent extends AnyAgent, TContext = undefined>(
  agent: TAgent,
  input: string | AgentInputItem[] | RunState<TContext, TAgent>,
  hub: Pick<HubApprovals, "request">,
  options: RunWithHubApprovalsOptions<TContext, TAgent>,
): Promise<RunResult<TContext, TAgent>> {
  const runOptions: NonStreamRunOptions<TContext, TAgent> = {
    ...options.runOptions,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const runOnce = (
    next: string | AgentInputItem[] | RunState<TContext, TAgent>,
  ): Promise<RunResult<TContext, TAgent>> =>
    options.runner === undefined
      ? run(agent, next, runOptions)
      : options.runner.run(agent, next, runOptions);
  const decideAndContinue = async (
    state: RunState<TContext, TAgent>,
  ): Promise<RunResult<TContext, TAgent>> => {
    await options.onState?.(state.toString(), state.getInterruptions());
    const decisions = await approveInterruptionsWithHub(state, hub, options);
    await options.onDecided?.(decisions);
    return runOnce(state);
  };

  const isState = typeof input === "object" && !Array.isArray(input);
  // A restored state that was waiting has nothing to run until the person decides.
  let result =
    isState && input.getInterruptions().length > 0
      ? await decideAndContinue(input)
      : await runOnce(input);
  while (result.interruptions.length > 0) result = await decideAndContinue(result.state);
  return result;
}
