import type { Inquiry } from "@inquiry-hub/protocol";
import { channelStep } from "./routing-plan";
import type { Attention, ReachSettings } from "./routing-plan";
import type { DeliveryClaims } from "./ports";

/** A step of the plan that leaves a receipt in the question's history. */
export type RoutingStepKind = "waiting" | "held" | "no-tab" | "skipped-seen";

/** Where a channel's delayed first step learns the person's plan and whether anyone saw the question. */
export interface RoutingSources {
  /** The question's owner's routing plan and quiet hours, read when its event is heard. */
  reachOf: (inquiry: Inquiry) => Promise<ReachSettings>;
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
 * This node's share of one channel's first steps. Every node that hears a question's
 * `inquiry.created` runs `first`; the step is claimed only when it is due, so whichever node
 * is still up then sends it, once (`DeliveryClaims`): a node that restarts or dies during the
 * wait loses nothing. A delayed step's due time is reckoned from the question's `createdAt`
 * and armed in the claims before anyone waits: the first node to arm it decides the time and
 * writes its receipts (waiting, held by quiet hours, no tab), the others wait for that same
 * time, and a node started meanwhile picks the step up with `resume`. When the step is due,
 * the node that claims it sends it unless the question was seen (receipt skipped-seen); a
 * resolution drops the wait everywhere and its tombstone refuses any later claim. At most one
 * timer per waiting question on each node, cleared by `forget` and `stop`.
 */
export interface RoutingWaits {
  /**
   * The question's first step, heard in `inquiry.created`: `send` runs on the node that claims
   * it, at once or when the plan's wait ends. `send` must record the announcement.
   */
  first(inquiry: Inquiry, send: () => Promise<void>): Promise<void>;
  /** A pending question heard before this node started: its step, if still armed and waiting. */
  resume(inquiry: Inquiry, send: () => Promise<void>): Promise<void>;
  /** The question was resolved: its waiting step is dropped. */
  forget(inquiryId: string): void;
  stop(): void;
}

export function createRoutingWaits(deps: {
  sources: RoutingSources | undefined;
  claims: DeliveryClaims;
  channel: "push" | "webhook";
  now?: () => Date;
}): RoutingWaits {
  const { sources, claims, channel } = deps;
  const now = deps.now ?? (() => new Date());
  const waiting = new Map<string, { timer: NodeJS.Timeout; settle: (go: boolean) => void }>();
  let stopped = false;
  const drop = (inquiryId: string) => {
    const entry = waiting.get(inquiryId);
    if (entry === undefined) return;
    waiting.delete(inquiryId);
    clearTimeout(entry.timer);
    entry.settle(false);
  };
  const note = (inquiry: Inquiry, kind: RoutingStepKind, waitMs?: number) =>
    sources?.step?.(
      inquiry,
      channel,
      kind,
      waitMs === undefined ? undefined : Math.ceil(waitMs / 1000),
    );

  /**
   * Presence matters only to a plan's push wait; it is not asked for otherwise. Presence that
   * cannot be read is unknown: the plan's wait holds, as it did before presence counted.
   */
  async function attentionFor(settings: ReachSettings, inquiry: Inquiry): Promise<Attention> {
    const asks = settings.routing !== undefined && channel === "push";
    if (!asks || sources?.attention === undefined) return "unknown";
    return sources.attention(inquiry.userId).catch(() => "unknown" as const);
  }

  /** True once `dueAtMs` comes; false when the question is forgotten or this node stops. */
  function until(inquiryId: string, dueAtMs: number): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    return new Promise<boolean>((settle) => {
      drop(inquiryId);
      const timer = setTimeout(
        () => {
          waiting.delete(inquiryId);
          settle(true);
        },
        Math.max(0, dueAtMs - now().getTime()),
      );
      timer.unref();
      waiting.set(inquiryId, { timer, settle });
    });
  }

  /** The due step: the node that claims it sends it, unless the question was seen meanwhile. */
  async function claimDue(inquiry: Inquiry, send: () => Promise<void>): Promise<void> {
    if (!(await claims.claimAnnouncement(channel, inquiry.id))) return;
    if (sources !== undefined && (await sources.seen(inquiry.id))) {
      note(inquiry, "skipped-seen");
      await claims.recordAnnouncement(channel, inquiry.id, undefined);
      return;
    }
    await send();
  }

  return {
    async first(inquiry, send) {
      const settings = sources === undefined ? {} : await sources.reachOf(inquiry);
      const attention = await attentionFor(settings, inquiry);
      const createdAt = new Date(inquiry.createdAt);
      const step = channelStep(settings, inquiry, channel, createdAt, attention);
      if (step === undefined) return;
      const waitMs = step.planMs + step.heldMs;
      if (waitMs === 0) {
        if (!(await claims.claimAnnouncement(channel, inquiry.id))) return;
        if (step.noTab) note(inquiry, "no-tab");
        await send();
        return;
      }
      const armed = await claims.armAnnouncement(channel, inquiry.id, createdAt.getTime() + waitMs);
      if (armed === undefined) return;
      if (armed.first) {
        if (step.noTab) note(inquiry, "no-tab");
        if (step.planMs > 0) note(inquiry, "waiting", step.planMs);
        if (step.heldMs > 0) note(inquiry, "held", step.heldMs);
      }
      if (await until(inquiry.id, armed.dueAtMs)) await claimDue(inquiry, send);
    },
    async resume(inquiry, send) {
      const dueAtMs = await claims.armedAnnouncement(channel, inquiry.id);
      if (dueAtMs !== undefined && (await until(inquiry.id, dueAtMs)))
        await claimDue(inquiry, send);
    },
    forget: drop,
    stop() {
      stopped = true;
      for (const inquiryId of [...waiting.keys()]) drop(inquiryId);
    },
  };
}
