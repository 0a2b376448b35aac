import { z } from "zod";
import { ApprovalDecisionSchema, InquirySchema } from "../inquiry";

/** Message formats: Slack and Discord incoming webhooks, or plain JSON for anything else. */
export const WebhookKindSchema = z.enum(["slack", "discord", "generic"]);
export type WebhookKind = z.infer<typeof WebhookKindSchema>;

/** `PUT /api/channels/webhook` body: where the user's incoming webhook lives. */
export const WebhookConfigBodySchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  kind: WebhookKindSchema,
});
export type WebhookConfigBody = z.infer<typeof WebhookConfigBodySchema>;

/** `GET /api/channels/webhook` → the stored configuration (404 when none). */
export const WebhookConfigSchema = WebhookConfigBodySchema.extend({
  updatedAt: z.iso.datetime(),
});
export type WebhookConfig = z.infer<typeof WebhookConfigSchema>;

/**
 * What a signed link decides: an approval decision without edits, or one of the inquiry's
 * ready-made options as the answer. Free-text answers need the app, so they have no link.
 */
export const LinkDecisionSchema = z.discriminatedUnion("action", [
  z.object({ action: ApprovalDecisionSchema.exclude(["edit"]) }),
  z.object({ action: z.literal("answer"), response: z.string().min(1).max(500) }),
]);
export type LinkDecision = z.infer<typeof LinkDecisionSchema>;

/** `POST /api/webhook-decisions` and `…/preview` body: the link's token is the credential. */
export const WebhookDecisionBodySchema = z.object({ token: z.string().min(1).max(2000) });
export type WebhookDecisionBody = z.infer<typeof WebhookDecisionBodySchema>;

/** `POST /api/webhook-decisions/preview` → what confirming the link would do (changes nothing). */
export const WebhookDecisionPreviewSchema = z.object({
  inquiry: InquirySchema.pick({ id: true, type: true, question: true, status: true }),
  decision: LinkDecisionSchema,
  expiresAt: z.iso.datetime(),
});
export type WebhookDecisionPreview = z.infer<typeof WebhookDecisionPreviewSchema>;
