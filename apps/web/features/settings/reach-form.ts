import { DigestSettingSchema, QuietHoursSchema, RoutingPlanSchema } from "@inquiry-hub/protocol";
import type { z } from "zod";
import type { UpdateSettingsBody, UserSettings } from "@inquiry-hub/protocol";
import type { FieldIssue, FieldWordings } from "@/lib/client/describe-api-error-fields";

/** The shares of a question's time that may be left when it escalates, offered by the page. */
export const ESCALATION_SHARES = ["0.1", "0.2", "0.25", "0.5"] as const;

/**
 * The reach settings as the form holds them: text as typed, so a half-typed number stays on
 * screen and is refused with its field's words rather than silently corrected.
 */
export interface ReachForm {
  routing: "off" | "plan";
  pushAfter: string;
  webhookAfter: string;
  webhookNever: boolean;
  /** A share of a team approval's time left when it escalates, as text ("0.2"), or "never". */
  escalate: string;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  /** What a team approval asked in quiet hours does: keep its policy's schedule or escalate. */
  during: "wait" | "escalate";
  /** One time zone for quiet hours and the digest: where the person is. */
  timeZone: string;
  digest: boolean;
  digestHour: string;
}

/** The form for the saved settings; parts not set yet start from sensible values. */
export function formOf(settings: UserSettings, browserZone: string): ReachForm {
  const { routing, quietHours, digest } = settings;
  return {
    routing: routing === undefined ? "off" : "plan",
    pushAfter: String(routing?.pushAfterSeconds ?? 30),
    webhookAfter: String(routing?.webhookAfterSeconds ?? 120),
    webhookNever: routing !== undefined && routing.webhookAfterSeconds === null,
    escalate: String(routing?.escalateAtShareLeft ?? "never"),
    quiet: quietHours !== undefined,
    quietStart: quietHours?.start ?? "22:00",
    quietEnd: quietHours?.end ?? "07:00",
    during: quietHours?.during ?? "wait",
    timeZone: quietHours?.timeZone ?? digest?.timeZone ?? browserZone,
    digest: digest !== undefined,
    digestHour: String(digest?.hour ?? 9),
  };
}

/** A typed number; empty text is no number at all (Number("") would be 0). */
function numberOf(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

/** Every path a refusal may name, with the label of the field that shows it. */
export const REACH_FIELDS: FieldWordings = {
  "routing.pushAfterSeconds": { label: "reach.pushAfter" },
  "routing.webhookAfterSeconds": { label: "reach.webhookAfter" },
  "routing.escalateAtShareLeft": { label: "reach.escalate" },
  "quietHours.start": { label: "reach.quietStart", format: "reach.timeFormat" },
  "quietHours.end": { label: "reach.quietEnd", format: "reach.timeFormat" },
  "quietHours.timeZone": { label: "reach.timeZone" },
  "quietHours.during": { label: "reach.during" },
  "digest.hour": { label: "reach.digestHour" },
  "digest.timeZone": { label: "reach.timeZone" },
};

/**
 * The `PUT /api/settings` body for the form (each part, or null to remove it), or the
 * problems the protocol's own schemas find, each under its part's path like the hub's 400.
 */
export function bodyOf(
  form: ReachForm,
): { body: UpdateSettingsBody; issues?: never } | { issues: FieldIssue[]; body?: never } {
  const issues: FieldIssue[] = [];
  function check<T>(part: string, result: z.ZodSafeParseResult<T>): T | null {
    if (result.success) return result.data;
    for (const issue of result.error.issues) issues.push({ ...issue, path: [part, ...issue.path] });
    return null;
  }
  const routing =
    form.routing === "off"
      ? null
      : check(
          "routing",
          RoutingPlanSchema.safeParse({
            pushAfterSeconds: numberOf(form.pushAfter),
            webhookAfterSeconds: form.webhookNever ? null : numberOf(form.webhookAfter),
            escalateAtShareLeft: form.escalate === "never" ? null : numberOf(form.escalate),
          }),
        );
  const quietHours = !form.quiet
    ? null
    : check(
        "quietHours",
        QuietHoursSchema.safeParse({
          start: form.quietStart,
          end: form.quietEnd,
          timeZone: form.timeZone,
          during: form.during,
        }),
      );
  const digest = !form.digest
    ? null
    : check(
        "digest",
        DigestSettingSchema.safeParse({
          daily: true,
          hour: numberOf(form.digestHour),
          timeZone: form.timeZone,
        }),
      );
  if (issues.length > 0) return { issues };
  return { body: { routing, quietHours, digest } };
}
