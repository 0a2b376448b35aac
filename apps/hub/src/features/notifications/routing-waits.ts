import type { Inquiry } from "@inquiry-hub/protocol";
import { channelStep } from "./routing-plan";
import type { Attention, ReachSettings } from "./routing-plan";

/** A step of the plan that leaves a receipt in the question's history. */
export type RoutingStepKind = "waiting" | "held" | "no-tab" | "skipped-seen";

/** Where a channel's delayed first step learns the person's plan and whether anyone saw the question. */
export interface RoutingSources {
  /** The owner's routing plan and quiet hours. */
  reachOf: (userId: string) => Promise<ReachSettings>;
  /** Whether any device or notification has a `seen` receipt for the question. */
  seen: (inquiryId: string) => Promise<boolean>;
  /** Whether the person has a visible, focused tab now; none: `unknown`, the plan's wait holds. */
  attention?: (userId: string) => Promise<Attention>;
  /** Records a step of the plan in the question's history; nothing by default. */
  step?: (
    inquiry: Inquiry,
    channel: "push" | "webhook",
    kind: RoutingStepKind,
    waitSeconds?: number,
  ) => void;
}

/**
 * This node's waiting first steps of one channel, by inquiry id. `due` resolves true when the
 * step should go out now, false when it should not (unseen no longer, resolved meanwhile, or
 * `webhookAfterSeconds: null`). Call it only on the node that won the step's claim: the step's
 * receipts (waiting, held by quiet hours, no tab, skipped as seen) are written here, so once.
 * Timers live in memory only: a restart loses them, and the question stays on every open
 * device until it is answered or its timeout resolves it.
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

  /**
   * Presence matters only to a plan's push wait; it is not asked for otherwise. Presence that
   * cannot be read is unknown: the plan's wait holds, as it did before presence counted.
   */
  async function attentionFor(
    settings: ReachSettings,
    inquiry: Inquiry,
    channel: string,
  ): Promise<Attention> {
    const asks = settings.routing !== undefined && channel === "push";
    if (!asks || sources?.attention === undefined) return "unknown";
    return sources.attention(inquiry.userId).catch(() => "unknown" as const);
  }

  return {
    async due(inquiry, channel) {
      if (sources === undefined) return true;
      const settings = await sources.reachOf(inquiry.userId);
      const attention = await attentionFor(settings, inquiry, channel);
      const step = channelStep(settings, inquiry, channel, now(), attention);
      if (step === undefined) return false;
      const note = (kind: RoutingStepKind, waitMs?: number) =>
        sources.step?.(
          inquiry,
          channel,
          kind,
          waitMs === undefined ? undefined : Math.ceil(waitMs / 1000),
        );
      if (step.noTab) note("no-tab");
      if (step.planMs > 0) note("waiting", step.planMs);
      if (step.heldMs > 0) note("held", step.heldMs);
      const waitMs = step.planMs + step.heldMs;
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
      if (!elapsed) return false;
      if (!(await sources.seen(inquiry.id))) return true;
      note("skipped-seen");
      return false;
    },
    forget: drop,
    stop() {
      for (const inquiryId of [...waiting.keys()]) drop(inquiryId);
    },
  };
}
