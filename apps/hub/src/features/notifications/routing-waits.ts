import type { Inquiry } from "@inquiry-hub/protocol";
import { channelWaitMs } from "./routing-plan";
import type { ReachSettings } from "./routing-plan";

/** Where a channel's delayed first step learns the person's plan and whether anyone saw the question. */
export interface RoutingSources {
  /** The owner's routing plan and quiet hours. */
  reachOf: (userId: string) => Promise<ReachSettings>;
  /** Whether any device or notification has a `seen` receipt for the question. */
  seen: (inquiryId: string) => Promise<boolean>;
}

/**
 * This node's waiting first steps of one channel, by inquiry id. `due` resolves true when the
 * step should go out now, false when it should not (unseen no longer, resolved meanwhile, or
 * `webhookAfterSeconds: null`). Timers live in memory only: a restart loses them, and the
 * question stays on every open device until it is answered or its timeout resolves it.
 */
export interface RoutingWaits {
  due(inquiry: Inquiry, channel: "push" | "webhook"): Promise<boolean>;
  /** The question was resolved: its waiting step is dropped. */
  forget(inquiryId: string): void;
  stop(): void;
}

export function createRoutingWaits(
  sources: RoutingSources | undefined,
  now: () => Date = () => new Date(),
): RoutingWaits {
  const waiting = new Map<string, { timer: NodeJS.Timeout; settle: (go: boolean) => void }>();
  const drop = (inquiryId: string) => {
    const entry = waiting.get(inquiryId);
    if (entry === undefined) return;
    waiting.delete(inquiryId);
    clearTimeout(entry.timer);
    entry.settle(false);
  };
  return {
    async due(inquiry, channel) {
      if (sources === undefined) return true;
      const waitMs = channelWaitMs(await sources.reachOf(inquiry.userId), inquiry, channel, now());
      if (waitMs === undefined) return false;
      if (waitMs === 0) return true;
      const elapsed = await new Promise<boolean>((settle) => {
        drop(inquiry.id);
        const timer = setTimeout(() => {
          waiting.delete(inquiry.id);
          settle(true);
        }, waitMs);
        timer.unref();
        waiting.set(inquiry.id, { timer, settle });
      });
      return elapsed && !(await sources.seen(inquiry.id));
    },
    forget: drop,
    stop() {
      for (const inquiryId of [...waiting.keys()]) drop(inquiryId);
    },
  };
}
