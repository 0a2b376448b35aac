import type { Inquiry } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { InquiryEventBus, InquiryStore, StoreAgentWaitingOutcome } from "./ports";

/**
 * Whether a call of the agent waits on `inquiry`. Absent counts as waiting: the call that
 * asks is attached until it detaches, and records from before the field had no other state.
 */
export function isAgentWaiting(inquiry: Inquiry): boolean {
  return inquiry.agentWaiting !== false;
}

/**
 * The store's decision for `setAgentWaiting` on the record it holds: only a pending record
 * whose state differs changes. Every store applies it inside its own atomic step.
 */
export function applyAgentWaiting(current: Inquiry, waiting: boolean): StoreAgentWaitingOutcome {
  if (current.status !== "pending") return { kind: "already-final", inquiry: current };
  if (isAgentWaiting(current) === waiting) return { kind: "unchanged", inquiry: current };
  return { kind: "changed", inquiry: { ...current, agentWaiting: waiting } };
}

/**
 * Records whether a call of the agent waits on the user's pending inquiry and, when that
 * changed, publishes `inquiry.agent-waiting` so every device's card says so. Unchanged or
 * final: nothing is written or sent. NOT_FOUND for unknown ids and other users' inquiries.
 */
export function createAgentWaitingUpdate(deps: {
  store: InquiryStore;
  bus: InquiryEventBus;
}): (userId: string, id: string, waiting: boolean) => Promise<void> {
  return async function setAgentWaiting(userId, id, waiting) {
    const current = await deps.store.get(id);
    if (current?.userId !== userId) throw new HubError("NOT_FOUND", `inquiry ${id} not found`);
    if (applyAgentWaiting(current, waiting).kind !== "changed") return;
    const outcome = await deps.store.setAgentWaiting(id, waiting);
    switch (outcome.kind) {
      case "not-found":
        throw new HubError("NOT_FOUND", `inquiry ${id} not found`);
      case "unchanged":
      case "already-final":
        return;
      case "changed":
        await deps.bus.publish({ type: "inquiry.agent-waiting", inquiry: outcome.inquiry });
        return;
    }
  };
}
