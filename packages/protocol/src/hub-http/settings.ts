import { z } from "zod";
import { IsoTimestampSchema } from "../inquiry";
import { DigestSettingSchema, QuietHoursSchema, RoutingPlanSchema } from "./reach";

/**
 * YOLO mode: while on, inquiries resolve at once as delegated to the agent (no card is
 * shown) and the approval proxy approves gated calls, each recorded like any resolution.
 * `until` makes it expire by itself ("for 1 hour"); absent means until switched off.
 */
export const YoloSettingSchema = z.object({
  enabled: z.boolean(),
  /** When YOLO switches itself off again; only meaningful while `enabled`. */
  until: IsoTimestampSchema.optional(),
});
export type YoloSetting = z.infer<typeof YoloSettingSchema>;

/** A user's settings, as `GET /api/settings` returns them and `settings:changed` carries them. */
export const UserSettingsSchema = z.object({
  yolo: YoloSettingSchema,
  /** How a question reaches the person over time; absent: every channel at once. */
  routing: RoutingPlanSchema.optional(),
  /** When push and Slack stay quiet; absent: never. */
  quietHours: QuietHoursSchema.optional(),
  /** The daily digest; absent: none. */
  digest: DigestSettingSchema.optional(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** Longest YOLO period a request may ask for: one week. */
export const MAX_YOLO_SECONDS = 7 * 24 * 60 * 60;

/**
 * Body of `PUT /api/settings`: only the parts it names change. `forSeconds` is the convenient
 * way to ask for a YOLO expiry ("for 1 hour" = 3600); the hub turns it into `until`. `null`
 * removes a reach part (routing plan, quiet hours, digest). Unknown keys are refused.
 *
 * @example { yolo: { enabled: true, forSeconds: 3600 } }
 * @example { routing: { pushAfterSeconds: 30, webhookAfterSeconds: null, escalateAtShareLeft: 0.2 } }
 * @example { quietHours: null }
 */
export const UpdateSettingsBodySchema = z
  .object({
    yolo: z
      .object({
        enabled: z.boolean(),
        forSeconds: z.number().positive().max(MAX_YOLO_SECONDS).optional(),
        until: IsoTimestampSchema.optional(),
      })
      .strict()
      .refine((yolo) => yolo.forSeconds === undefined || yolo.until === undefined, {
        message: "give forSeconds or until, not both",
      })
      .optional(),
    routing: RoutingPlanSchema.nullable().optional(),
    quietHours: QuietHoursSchema.nullable().optional(),
    digest: DigestSettingSchema.nullable().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    message: "name at least one setting: yolo, routing, quietHours or digest",
  });
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBodySchema>;

/** Whether a YOLO setting is in force at `now` (on, and not past its `until`). */
export function isYoloActive(yolo: YoloSetting, now: Date): boolean {
  return yolo.enabled && (yolo.until === undefined || Date.parse(yolo.until) > now.getTime());
}
