import type { Agent, RunState } from "@openai/agents";

/**
 * The part of a `RunState` the bridge uses: its pending approvals, the two ways to decide
 * them, and serialization. Stated structurally so a state of any context and agent type fits.
 */
export type PausedRunState = Pick<
  RunState<unknown, Agent>,
  "getInterruptions" | "approve" | "reject" | "toString"
>;
