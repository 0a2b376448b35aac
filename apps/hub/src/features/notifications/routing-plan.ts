import type { Inquiry, QuietHours, RoutingPlan } from "@inquiry-hub/protocol";

/** What of a person's reach settings decides when a question's push or webhook goes out. */
export interface ReachSettings {
  routing?: RoutingPlan;
  quietHours?: QuietHours;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

const minutesOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/** The wall-clock minute of the day at `at` in `timeZone`. */
function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

/**
 * How long until the quiet hours end, if they hold at `at`; undefined outside them. A window
 * whose start is after its end spans midnight. Zones' offsets are whole minutes, so the
 * seconds within the minute are the same everywhere.
 */
export function quietHoursLeftMs(hours: QuietHours, at: Date): number | undefined {
  const now = minuteOfDay(at, hours.timeZone);
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return undefined;
  const intoMinute = at.getUTCSeconds() * 1000 + at.getUTCMilliseconds();
  return ((end - now + DAY_MINUTES) % DAY_MINUTES) * MINUTE_MS - intoMinute;
}

/** Urgent questions are never held by quiet hours: high risk, or a team's shared approval. */
export function isUrgent(inquiry: Inquiry): boolean {
  return inquiry.approval?.risk?.level === "high" || inquiry.sharedApproval !== undefined;
}

/**
 * Whether the person has a visible, focused tab when the question is asked: `tab`, `none`
 * (presence says nothing is in front of them), or `unknown` (no presence to ask).
 */
export type Attention = "tab" | "none" | "unknown";

/**
 * When a channel's first step goes out: undefined for never (the plan leaves the channel out),
 * else after `planMs` (the plan's wait while unseen) and `heldMs` more (quiet hours).
 * `noTab`: the plan's push wait was dropped because no tab was in front of the person.
 */
export interface ChannelStep {
  planMs: number;
  heldMs: number;
  noTab: boolean;
}

/**
 * The rules of a question's first push or webhook. Without a plan: at once. With one, the
 * channel's delay (`pushAfterSeconds`, `webhookAfterSeconds`; null: never), except that a push
 * goes at once when presence says no tab is in front of the person: waiting for a tab that is
 * not there only delays them. Then, unless the question is urgent, until quiet hours end if
 * they hold at that moment.
 */
export function channelStep(
  settings: ReachSettings,
  inquiry: Inquiry,
  channel: "push" | "webhook",
  now: Date,
  attention: Attention = "unknown",
): ChannelStep | undefined {
  const plan = settings.routing;
  const afterSeconds =
    plan === undefined ? 0 : channel === "push" ? plan.pushAfterSeconds : plan.webhookAfterSeconds;
  if (afterSeconds === null) return undefined;
  const noTab = channel === "push" && afterSeconds > 0 && attention === "none";
  const planMs = noTab ? 0 : afterSeconds * 1000;
  const hours = settings.quietHours;
  const heldMs =
    hours === undefined || isUrgent(inquiry)
      ? 0
      : (quietHoursLeftMs(hours, new Date(now.getTime() + planMs)) ?? 0);
  return { planMs, heldMs, noTab };
}
