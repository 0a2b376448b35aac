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
 * How long a question's first push or webhook waits (0: at once, undefined: never): the plan's
 * delay for the channel, then, unless the question is urgent, until quiet hours end if they
 * hold at that moment. Without a plan and outside quiet hours: at once, as always.
 */
export function channelWaitMs(
  settings: ReachSettings,
  inquiry: Inquiry,
  channel: "push" | "webhook",
  now: Date,
): number | undefined {
  const plan = settings.routing;
  const afterSeconds =
    plan === undefined ? 0 : channel === "push" ? plan.pushAfterSeconds : plan.webhookAfterSeconds;
  if (afterSeconds === null) return undefined;
  const planMs = afterSeconds * 1000;
  const hours = settings.quietHours;
  if (hours === undefined || isUrgent(inquiry)) return planMs;
  const left = quietHoursLeftMs(hours, new Date(now.getTime() + planMs));
  return planMs + (left ?? 0);
}
