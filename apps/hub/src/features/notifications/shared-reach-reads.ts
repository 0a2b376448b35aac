import type { Inquiry } from "@inquiry-hub/protocol";
import type { ReachSettings } from "./routing-plan";

/**
 * One read of the owner's reach settings for the channels that hear a question's
 * `inquiry.created` together: the bus hands push and webhook the same event in one pass, so
 * the second asks while the first one's read is still in flight and shares it. Nothing outlives
 * that read: once it settles, the next question (or the same one heard again) reads the store
 * anew, so a settings change, on this node or any other, applies exactly as before.
 */
export function shareReachReads(
  reachOf: (userId: string) => Promise<ReachSettings>,
): (inquiry: Inquiry) => Promise<ReachSettings> {
  const inFlight = new WeakMap<Inquiry, Promise<ReachSettings>>();
  return (inquiry) => {
    const shared = inFlight.get(inquiry);
    if (shared !== undefined) return shared;
    const read = reachOf(inquiry.userId).finally(() => inFlight.delete(inquiry));
    inFlight.set(inquiry, read);
    return read;
  };
}
