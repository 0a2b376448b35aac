import { z } from "zod";

/** A wall-clock time of day, `HH:MM` on a 24-hour clock. */
const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected a time like 22:00");

/** An IANA time zone the runtime knows (`Europe/Berlin`, `Asia/Shanghai`, `UTC`). */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: "expected an IANA time zone like Europe/Berlin" },
  );

/** Longest wait a routing step may have before it reaches the next channel: one day. */
export const MAX_ROUTING_DELAY_SECONDS = 86_400;

/**
 * A person's routing plan: a question reaches their open app at once (every connected device
 * shows it), then the next channel only while nobody has seen it. A person without a plan
 * gets today's behaviour: push, Slack and webhooks at once for devices that are away.
 *
 * @example { pushAfterSeconds: 30, webhookAfterSeconds: 120, escalateAtShareLeft: 0.2 }
 */
export const RoutingPlanSchema = z.strictObject({
  /** Push to phones and other away devices once the question has gone unseen this long. */
  pushAfterSeconds: z.number().int().min(0).max(MAX_ROUTING_DELAY_SECONDS),
  /** Slack and webhooks once it has gone unseen this long; null: never. */
  webhookAfterSeconds: z.number().int().min(0).max(MAX_ROUTING_DELAY_SECONDS).nullable(),
  /**
   * A team approval the person's agent asked for is offered to its policy's remaining
   * `escalate_to` groups once nobody has voted and only this share of its time is left (0.2:
   * a fifth), if they were not offered it earlier; null or absent: on the policy's schedule
   * only. A personal question has no escalation groups, so this never applies to it.
   */
  escalateAtShareLeft: z.number().min(0.05).max(0.9).nullable().optional(),
});
export type RoutingPlan = z.infer<typeof RoutingPlanSchema>;

/**
 * Hours in which push and Slack stay quiet, in the person's time zone; `start` after `end`
 * spans midnight (22:00–07:00). Urgent questions (high risk, a team's shared approval) still go
 * out; the rest wait for the hours to end.
 */
export const QuietHoursSchema = z
  .strictObject({
    start: TimeOfDaySchema,
    end: TimeOfDaySchema,
    timeZone: TimeZoneSchema,
    /**
     * A team approval the person's agent asks for during the hours: `escalate` offers it to
     * every `escalate_to` group of its policy at once (whoever is on call); `wait` (the
     * default when absent) keeps the policy's schedule. Other questions wait either way.
     */
    during: z.enum(["wait", "escalate"]).optional(),
  })
  .refine((hours) => hours.start !== hours.end, {
    message: "start and end must differ",
    path: ["end"],
  });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/**
 * A daily digest of what agents asked, what was decided by whom and what timed out, posted
 * at `hour` (0–23) in `timeZone` as a notification and to the person's webhooks.
 */
export const DigestSettingSchema = z.strictObject({
  daily: z.boolean(),
  hour: z.number().int().min(0).max(23),
  timeZone: TimeZoneSchema,
});
export type DigestSetting = z.infer<typeof DigestSettingSchema>;

/**
 * Client→server `presence:report`: whether this device's app is visible and focused now. The
 * hub keeps the latest per device (with the time), for routing and the Devices page.
 */
export const PresenceReportSchema = z.strictObject({
  visible: z.boolean(),
  focused: z.boolean(),
});
export type PresenceReport = z.infer<typeof PresenceReportSchema>;
