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
 * @example { pushAfterSeconds: 30, webhookAfterSeconds: 120 }
 */
export const RoutingPlanSchema = z.strictObject({
  /** Push to phones and other away devices once the question has gone unseen this long. */
  pushAfterSeconds: z.number().int().min(0).max(MAX_ROUTING_DELAY_SECONDS),
  /** Slack and webhooks once it has gone unseen this long; null: never. */
  webhookAfterSeconds: z.number().int().min(0).max(MAX_ROUTING_DELAY_SECONDS).nullable(),
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
