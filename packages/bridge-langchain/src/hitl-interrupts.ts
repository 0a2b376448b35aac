import type { Interrupt } from "@langchain/langgraph";
import type { HITLRequest } from "langchain";
import { isRecord } from "./is-record";

/** An interrupt raised by `humanInTheLoopMiddleware`, with the id LangGraph resumes it by. */
export type HitlInterrupt = Interrupt<HITLRequest> & { id: string; value: HITLRequest };

function isActionRequest(value: unknown): boolean {
  return isRecord(value) && typeof value.name === "string" && isRecord(value.args);
}

function isReviewConfig(value: unknown): boolean {
  return (
    isRecord(value) && typeof value.actionName === "string" && Array.isArray(value.allowedDecisions)
  );
}

/**
 * Whether an interrupt is the human-in-the-loop middleware's request for decisions. A graph
 * may raise other interrupts too (its own `interrupt()` calls); those are not the hub's to answer.
 */
export function isHitlInterrupt(interrupt: Interrupt): interrupt is HitlInterrupt {
  const value: unknown = interrupt.value;
  return (
    typeof interrupt.id === "string" &&
    isRecord(value) &&
    Array.isArray(value.actionRequests) &&
    value.actionRequests.every(isActionRequest) &&
    Array.isArray(value.reviewConfigs) &&
    value.reviewConfigs.every(isReviewConfig)
  );
}

/**
 * The middleware's interrupts among those of an `invoke` result (`__interrupt__`), a state
 * snapshot's tasks, or a plain list.
 */
export function hitlInterruptsOf(interrupts: readonly Interrupt[] | undefined): HitlInterrupt[] {
  return (interrupts ?? []).filter(isHitlInterrupt);
}
